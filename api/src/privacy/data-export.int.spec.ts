import fs from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyGift } from '../gifts/testing/gift-purchase';
import { signedInUser } from '../testing/accounts';
import { fixturePhoto } from '../testing/fixtures';
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
  }, 300_000);
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
        'claims.json',
        'contact-messages.json',
        'gifts.json',
        'share-links.json',
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

  it('holds the claims, the gifts bought and redeemed, and the share links; nothing of other users', async () => {
    const { client, userId, generationIds } = account;
    // Three more images make a claim possible (at most 1 in 5).
    const photo = await fs.readFile(fixturePhoto('chelsea.png'));
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
      form.set('style', 'anime');
      expect(
        (await client.fetch('/api/generate-image', { method: 'POST', body: form })).status,
      ).toBe(200);
    }
    const claimed = await client.json(`/api/generations/${generationIds[1]}/claim`, {
      reason: 'wrong_style',
    });
    expect(claimed.status).toBe(201);
    const shared = await client.fetch(`/api/generations/${generationIds[1]}/share`, {
      method: 'POST',
    });
    expect(shared.status).toBe(201);
    const { shareId } = (await shared.json()) as { shareId: string };

    // A gift the user bought (redeemed by someone else) and one they redeemed (bought by someone else).
    const bought = await buyGift(client, {
      recipientEmail: 'godchild-export@example.com',
      message: 'For your drawings',
    });
    const other = await signedInUser(app);
    const boughtCode = ((await (await client.fetch('/api/gifts')).json()) as { code: string }[])[0]!
      .code;
    expect((await other.client.json('/api/redeem-gift', { code: boughtCode })).status).toBe(200);
    const given = await buyGift(other.client, { message: 'From the secret admirer Ophelia' });
    const givenCode = (
      (await (await other.client.fetch('/api/gifts')).json()) as { code: string }[]
    )[0]!.code;
    expect((await client.json('/api/redeem-gift', { code: givenCode })).status).toBe(200);

    await client.graphql('mutation { requestDataExport { id } }');
    await app.services.dataExports.drain();
    const [ready] = (await client.graphql<Exports>(EXPORTS)).data!.myDataExports;
    const response = await client.fetch(ready!.downloadUrl!);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const read = (name: string) => JSON.parse(new TextDecoder().decode(files[name]));

    expect(read('claims.json')).toEqual([
      expect.objectContaining({ generation_id: generationIds[1], reason: 'wrong_style' }),
    ]);
    expect(read('share-links.json')).toEqual([
      expect.objectContaining({
        shareId,
        generationId: generationIds[1],
        url: expect.stringMatching(new RegExp(`/s/${shareId}$`)),
        endedAt: null,
      }),
    ]);
    const gifts = read('gifts.json');
    expect(gifts.bought).toEqual([
      expect.objectContaining({
        giftId: bought.giftId,
        code: boughtCode,
        recipientEmail: 'godchild-export@example.com',
        message: 'For your drawings',
        status: 'redeemed',
        redeemedAt: expect.any(String),
      }),
    ]);
    expect(gifts.redeemed).toEqual([
      {
        giftId: given.giftId,
        credits: 100,
        redeemedAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);
    // Nothing of the other user: not who redeemed the gift, not who gave one nor their message.
    const archive = JSON.stringify(
      Object.keys(files).map((name) => new TextDecoder().decode(files[name])),
    );
    expect(archive).not.toContain(other.userId);
    expect(archive).not.toContain('secret admirer');
    expect(archive).not.toContain(givenCode);
    expect(userId).toBeTruthy();
  }, 240_000);

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
