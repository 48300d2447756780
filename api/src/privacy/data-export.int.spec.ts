import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { richAccount, type RichAccount } from './testing/rich-account';

const EXPORTS = `query { myDataExports { id status downloadUrl expiresAt sizeBytes } }`;
type Exports = {
  myDataExports: {
    id: string;
    status: string;
    downloadUrl: string | null;
    expiresAt: string | null;
    sizeBytes: number | null;
  }[];
};

describe('download my data', () => {
  let app: TestApp;
  let account: RichAccount;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local', DATA_EXPORT_TTL_HOURS: '1' });
    account = await richAccount(app);
  }, 120_000);
  afterAll(async () => {
    await app?.services.dataExports.drain();
    await app?.close();
  });

  it('builds a ZIP in the background with every kind of record, for its owner only', async () => {
    const { client } = account;
    const requests = await Promise.all(
      [1, 2, 3].map(() =>
        client.graphql<{ requestDataExport: { id: string; status: string } }>(
          'mutation { requestDataExport { id status } }',
        ),
      ),
    );
    // Three clicks at once: one export.
    const ids = new Set(requests.map((r) => r.data!.requestDataExport.id));
    expect(ids.size).toBe(1);
    await app.services.dataExports.drain();
    const listed = (await client.graphql<Exports>(EXPORTS)).data!.myDataExports;
    expect(listed).toHaveLength(1);
    const ready = listed[0]!;
    expect(ready).toMatchObject({
      status: 'READY',
      downloadUrl: `/api/account/exports/${ready.id}/download`,
    });
    expect(new Date(ready.expiresAt!).getTime() - Date.now()).toBeGreaterThan(50 * 60_000);

    expect((await new HttpClient(app.url).fetch(ready.downloadUrl!)).status).toBe(401);
    const stranger = new HttpClient(app.url);
    await stranger.json('/api/auth/register', {
      email: `stranger-${Date.now()}@example.com`,
      password: 'password-1',
      username: `stranger${Date.now()}`,
    });
    expect((await stranger.fetch(ready.downloadUrl!)).status).toBe(404);

    const response = await client.fetch(ready.downloadUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const read = (name: string) => JSON.parse(new TextDecoder().decode(files[name]));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'contact-messages.json',
        'credit-history.json',
        'credit-packs.json',
        'generations.json',
        ...account.generationIds.map((id) => `images/${id}.png`),
        'invoices.json',
        'profile.json',
        'subscription.json',
      ].sort(),
    );
    expect(read('profile.json')).toMatchObject({
      id: account.userId,
      email: account.email,
      full_name: account.fullName,
      has_password: true,
    });
    const generations = read('generations.json');
    expect(generations.map((g: { prompt: string }) => g.prompt)).toEqual(account.prompts);
    for (const g of generations) {
      expect(g.status).toBe('succeeded');
      const png = files[g.image]!;
      expect([...png.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    }
    const history = read('credit-history.json') as { type: string }[];
    expect(history.map((m) => m.type)).toEqual(
      expect.arrayContaining([
        'CreditsGranted',
        'CreditsPurchased',
        'CreditsReserved',
        'CreditsSpent',
        'CreditsRefunded',
      ]),
    );
    expect(read('subscription.json').subscription).toMatchObject({
      status: 'active',
      planId: 'pro',
    });
    expect(read('invoices.json')).toEqual([
      expect.objectContaining({ plan_id: 'pro', amount_paid: 900, currency: 'usd' }),
    ]);
    expect(read('credit-packs.json')).toEqual([]);
    expect(read('contact-messages.json')).toEqual([
      expect.objectContaining({
        category: 'gdpr',
        message: account.contactText,
        email: account.email,
      }),
    ]);
  });

  it('refuses an expired download with its message and sweeps its blob', async () => {
    const { client } = account;
    const [latest] = (await client.graphql<Exports>(EXPORTS)).data!.myDataExports;
    await app.services.pool.query(
      `UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [latest!.id],
    );
    const expired = await client.fetch(`/api/account/exports/${latest!.id}/download`);
    expect(expired.status).toBe(410);
    expect((await expired.json()).message).toBe(
      'This download has expired. Ask for a new one from your profile.',
    );
    expect((await client.graphql<Exports>(EXPORTS)).data!.myDataExports[0]!.downloadUrl).toBeNull();
    expect(await app.services.blobs.exists(`exports/${latest!.id}.zip`)).toBe(true);
    await app.services.dataExports.sweepExpired();
    expect(await app.services.blobs.exists(`exports/${latest!.id}.zip`)).toBe(false);
  });
});
