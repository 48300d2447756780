import fs from 'node:fs/promises';
import { creditStreamId, generationStreamId } from '@app/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareBlobKeys } from '../sharing/share-id';
import { systemContext } from '../shared/request-context';
import { signedInUser } from '../testing/accounts';
import { fixturePhoto } from '../testing/fixtures';
import { startLocalS3, type LocalS3 } from '../testing/local-s3';
import { startTestApp, type TestApp } from '../testing/test-app';
import { RESULT_EXPIRED_MESSAGE, ResultRetention } from './result-retention';

const DAY_MS = 86_400_000;

const MY_GENERATIONS = `query { myGenerations { generations {
  id status resultUrl resultExpired resultKeptUntil completedAt } } }`;

interface Listed {
  id: string;
  status: string;
  resultUrl: string | null;
  resultExpired: boolean;
  resultKeptUntil: string | null;
  completedAt: string;
}

async function generate(client: Awaited<ReturnType<typeof signedInUser>>['client']) {
  const form = new FormData();
  form.set('style', 'anime');
  const photo = await fs.readFile(fixturePhoto('chelsea.png'));
  form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'c.png');
  const response = await client.fetch('/api/generate-image', { method: 'POST', body: form });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  return url.split('/')[3]!;
}

const stores: [string, () => Promise<{ env: Record<string, string>; stop(): Promise<void> }>][] = [
  ['local disk', async () => ({ env: {}, stop: async () => undefined })],
  [
    'S3',
    async () => {
      const s3: LocalS3 = await startLocalS3();
      return s3;
    },
  ],
];

describe.each(stores)('result retention on %s', (_name, startStore) => {
  let store: Awaited<ReturnType<typeof startStore>>;
  let app: TestApp;
  beforeAll(async () => {
    store = await startStore();
    app = await startTestApp({ ...store.env, RESULT_RETENTION_DAYS: '90' });
  });
  afterAll(async () => {
    await app?.close();
    await store?.stop();
  });

  it('deletes results past their period exactly once, keeps the rest, the credits and the audit', async () => {
    const { client, userId } = await signedInUser(app, 15);
    const old = await generate(client);
    const fresh = await generate(client);
    const { pool, blobs } = app.services;
    // The clock moved on for the old one: delivered 91 days ago.
    await pool.query(
      `UPDATE generation_requests SET completed_at = now() - interval '91 days' WHERE id = $1`,
      [old],
    );
    // The old one was shared with its original photo, and the page made a preview.
    const shared = await app.services.sharing.share(
      userId,
      old,
      {
        includeOriginal: true,
        originalPhoto: await fs.readFile(fixturePhoto('chelsea.png')),
      },
      systemContext('retention-spec'),
    );
    const shareKeys = shareBlobKeys(shared.shareId);
    await blobs.put(shareKeys[1]!, Buffer.from('a preview'), 'image/webp');
    expect(await blobs.exists(shareKeys[0]!)).toBe(true);
    const oldKey = `results/${userId}/${old}.png`;
    const freshKey = `results/${userId}/${fresh}.png`;
    const orphanKey = `results/${userId}/00000000-0000-4000-8000-000000000000.png`;
    await blobs.put(orphanKey, Buffer.from('left behind'), 'image/png');

    await app.settle();
    const creditsBefore = await app.runtime.storage.store.readStream(creditStreamId(userId));
    const me = async () =>
      (await client.graphql<{ me: { credits: number } }>('{ me { credits } }')).data!.me.credits;
    const balanceBefore = await me();

    // A fresh orphan might be an image whose row is being written right now: it stays.
    expect(await app.services.resultRetention.removeOrphans()).toBe(0);
    expect(await blobs.exists(orphanKey)).toBe(true);

    // Three replicas sweep at once: one of them expires the old result.
    const sweeper = () =>
      new ResultRetention(pool, app.services.ledger, blobs, { retentionMs: 90 * DAY_MS });
    const later = new Date(Date.now() + 2 * 3_600_000);
    const results = await Promise.all([
      sweeper().sweep(later),
      sweeper().sweep(later),
      sweeper().sweep(later),
    ]);
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.orphansRemoved, 0)).toBe(1);

    expect(await blobs.exists(oldKey)).toBe(false);
    for (const key of shareKeys) expect(await blobs.exists(key)).toBe(false);
    expect(await blobs.exists(orphanKey)).toBe(false);
    expect(await blobs.exists(freshKey)).toBe(true);
    const events = await app.runtime.storage.store.readStream(generationStreamId(old));
    expect(events.filter((e) => e.type === 'GenerationResultExpired')).toHaveLength(1);
    expect(
      await app.runtime.storage.store.readStream(generationStreamId(fresh)),
    ).not.toContainEqual(expect.objectContaining({ type: 'GenerationResultExpired' }));

    await app.settle();
    const listed = (await client.graphql<{ myGenerations: { generations: Listed[] } }>(
      MY_GENERATIONS,
    ))!.data!.myGenerations.generations;
    const oldView = listed.find((g) => g.id === old)!;
    const freshView = listed.find((g) => g.id === fresh)!;
    expect(oldView).toMatchObject({ status: 'SUCCEEDED', resultExpired: true, resultUrl: null });
    expect(freshView.resultExpired).toBe(false);
    expect(new Date(freshView.resultKeptUntil!).getTime()).toBe(
      new Date(freshView.completedAt).getTime() + 90 * DAY_MS,
    );

    const download = await client.fetch(`/api/generations/${old}/image`);
    expect(download.status).toBe(410);
    expect(JSON.stringify(await download.json())).toContain(RESULT_EXPIRED_MESSAGE);
    expect((await client.fetch(`/api/generations/${fresh}/image`)).status).toBe(200);

    // Money untouched: no credit event, the same balance, and the audit finds nothing.
    expect(await app.runtime.storage.store.readStream(creditStreamId(userId))).toHaveLength(
      creditsBefore.length,
    );
    expect(await me()).toBe(balanceBefore);
    const { result } = await app.services.audit.run('retention-test');
    expect(result.mismatches).toEqual([]);

    // A second sweep has nothing left to do.
    expect(await sweeper().sweep(later)).toEqual({ expired: 0, orphansRemoved: 0 });
  }, 180_000);
});
