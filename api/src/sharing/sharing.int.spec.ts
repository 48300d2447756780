import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationStreamId } from '@app/ledger';
import { signedInUser } from '../testing/accounts';
import { HttpClient } from '../testing/http-client';
import type { TestApp } from '../testing/test-app';
import { generate, startSharingApp } from './testing/sharing-setup';
import { SHARE_ID_BYTES } from './share-id';

function share(client: HttpClient, generationId: string, original?: Buffer) {
  if (!original) return client.json(`/api/generations/${generationId}/share`, {});
  const form = new FormData();
  form.set('includeOriginal', 'true');
  form.set('originalPhoto', new Blob([new Uint8Array(original)], { type: 'image/png' }), 'me.png');
  return client.fetch(`/api/generations/${generationId}/share`, { method: 'POST', body: form });
}

interface ShareBody {
  shareId: string;
  path: string;
  url: string;
  includesOriginal: boolean;
}

describe('sharing a result over HTTP', { timeout: 180_000 }, () => {
  let app: TestApp;
  let photo: Buffer;
  const anonymous = () => new HttpClient(app.url);

  beforeAll(async () => {
    ({ app, photo } = await startSharingApp({ PUBLIC_URL: 'https://stylised.example' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a user cannot share, stop or delete someone else's generation: refused like a missing id, nothing changed", async () => {
    const owner = await signedInUser(app);
    const generationId = await generate(owner.client, photo);
    const stranger = await signedInUser(app);
    const missing = '00000000-0000-4000-a000-00000000abcd';

    for (const id of [generationId, missing, 'not-a-uuid']) {
      const shared = await share(stranger.client, id);
      expect(shared.status).toBe(404);
      expect(await shared.json()).toMatchObject({ message: 'Generation not found' });
      const stopped = await stranger.client.fetch(`/api/generations/${id}/share`, {
        method: 'DELETE',
      });
      expect(stopped.status).toBe(404);
      const deleted = await stranger.client.fetch(`/api/generations/${id}`, { method: 'DELETE' });
      expect(deleted.status).toBe(404);
    }
    const viaGraphql = await stranger.client.graphql(
      'mutation ($input: ShareGenerationInput!) { shareGeneration(input: $input) { id share { id } } }',
      { input: { generationId } },
    );
    expect(viaGraphql.errors?.[0]).toMatchObject({
      message: 'Generation not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const signedOut = await share(anonymous(), generationId);
    expect(signedOut.status).toBe(401);

    const events = await app.services.ledger.store.readStream(generationStreamId(generationId));
    expect(events.map((event) => event.type)).not.toContain('GenerationShared');
    expect(events.map((event) => event.type)).not.toContain('GenerationDeleted');
    expect((await owner.client.fetch(`/api/generations/${generationId}/image`)).status).toBe(200);
  });

  it('opens a public page without the owner, serves the image to anyone while shared, and stops at once', async () => {
    const owner = await signedInUser(app);
    await app.database.pool.query('UPDATE users SET full_name = $2 WHERE id = $1', [
      owner.userId,
      'Zelda Quentin-Owner',
    ]);
    const { rows } = await app.database.pool.query<{ email: string; username: string }>(
      'SELECT email, username FROM users WHERE id = $1',
      [owner.userId],
    );
    const generationId = await generate(owner.client, photo);

    const response = await share(owner.client, generationId, photo);
    expect(response.status).toBe(201);
    const link = (await response.json()) as ShareBody;
    expect(link.includesOriginal).toBe(true);
    expect(Buffer.from(link.shareId, 'base64url')).toHaveLength(SHARE_ID_BYTES);
    expect(SHARE_ID_BYTES * 8).toBeGreaterThanOrEqual(128);
    expect(link.shareId).not.toContain(generationId.replace(/-/g, '').slice(0, 8));
    expect(link.url).toBe(`https://stylised.example/s/${link.shareId}`);

    const page = await anonymous().fetch(link.path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(
      `<meta property="og:image" content="https://stylised.example/s/${link.shareId}/image.png">`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('href="/ghibli">Make your own</a>');
    expect(html).toContain(`/s/${link.shareId}/original.jpg`);
    for (const personal of [
      rows[0]!.email,
      rows[0]!.username,
      'Zelda',
      'Quentin-Owner',
      owner.userId,
    ])
      expect(html.toLowerCase()).not.toContain(personal.toLowerCase());

    const image = await anonymous().fetch(`${link.path}/image.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('no-cache');
    const preview = await anonymous().fetch(`${link.path}/image-480.webp`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    expect(html).toContain(`/s/${link.shareId}/image-768.webp 768w`);
    expect((await anonymous().fetch(`${link.path}/image-999.webp`)).status).toBe(404);
    const original = await anonymous().fetch(`${link.path}/original.jpg`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');

    // Asking again with the same choice keeps the same link.
    const again = (await (await share(owner.client, generationId, photo)).json()) as ShareBody;
    expect(again.shareId).toBe(link.shareId);

    const stop = await owner.client.fetch(`/api/generations/${generationId}/share`, {
      method: 'DELETE',
    });
    expect(stop.status).toBe(200);
    for (const path of [
      link.path,
      `${link.path}/image.png`,
      `${link.path}/image-480.webp`,
      `${link.path}/original.jpg`,
    ])
      expect((await anonymous().fetch(path)).status).toBe(404);
    expect(await app.services.blobs.list(`shares/${link.shareId}/`)).toEqual([]);

    // A new link is a new id; the old one stays dead.
    const renewed = (await (await share(owner.client, generationId)).json()) as ShareBody;
    expect(renewed.shareId).not.toBe(link.shareId);
    expect(renewed.includesOriginal).toBe(false);
    const renewedPage = await (await anonymous().fetch(renewed.path)).text();
    expect(renewedPage).not.toContain('original.jpg');
    expect((await anonymous().fetch(link.path)).status).toBe(404);
  });

  it('a link ends with its generation, and with its account', async () => {
    const owner = await signedInUser(app, 10);
    const generationId = await generate(owner.client, photo);
    const link = (await (await share(owner.client, generationId)).json()) as ShareBody;
    expect((await anonymous().fetch(`${link.path}/image.png`)).status).toBe(200);

    const deleted = await owner.client.fetch(`/api/generations/${generationId}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect((await anonymous().fetch(link.path)).status).toBe(404);
    expect((await anonymous().fetch(`${link.path}/image.png`)).status).toBe(404);
    expect((await owner.client.fetch(`/api/generations/${generationId}/image`)).status).toBe(404);
    const listed = await owner.client.graphql<{
      myGenerations: { generations: { id: string }[] };
    }>('{ myGenerations { generations { id } } }');
    expect(listed.data!.myGenerations.generations.map((g) => g.id)).not.toContain(generationId);
    expect(
      (await owner.client.fetch(`/api/generations/${generationId}`, { method: 'DELETE' })).status,
    ).toBe(404);

    const second = await generate(owner.client, photo);
    const kept = (await (await share(owner.client, second, photo)).json()) as ShareBody;
    expect((await anonymous().fetch(kept.path)).status).toBe(200);
    const user = await app.services.accounts.users.findById(owner.userId);
    await app.services.accountDeletion.erase(user!);
    expect((await anonymous().fetch(kept.path)).status).toBe(404);
    expect((await anonymous().fetch(`${kept.path}/image.png`)).status).toBe(404);
    expect(await app.services.blobs.exists(`shares/${kept.shareId}/original.jpg`)).toBe(false);
    const events = await app.services.ledger.store.readStream(generationStreamId(second));
    expect(events.at(-1)).toMatchObject({ type: 'GenerationUnshared' });
  });

  it('a deletion that failed after its event is finished when the owner asks again', async () => {
    const owner = await signedInUser(app, 10);
    const generationId = await generate(owner.client, photo);
    const link = (await (await share(owner.client, generationId, photo)).json()) as ShareBody;
    const blobs = app.services.blobs;
    const deleteBlob = blobs.delete.bind(blobs);
    blobs.delete = async (key: string) => {
      if (key.startsWith('results/')) throw new Error('storage hiccup');
      return deleteBlob(key);
    };
    try {
      const failed = await owner.client.fetch(`/api/generations/${generationId}`, {
        method: 'DELETE',
      });
      expect(failed.status).toBe(500);
    } finally {
      blobs.delete = deleteBlob;
    }
    // The event is in the log, the link is dead; the row (prompt) and the image are not gone yet.
    expect((await anonymous().fetch(link.path)).status).toBe(404);
    const again = await owner.client.fetch(`/api/generations/${generationId}`, {
      method: 'DELETE',
    });
    expect(again.status).toBe(200);
    const rows = await app.database.pool.query('SELECT 1 FROM generation_requests WHERE id = $1', [
      generationId,
    ]);
    expect(rows.rowCount).toBe(0);
    expect(await blobs.list(`results/${owner.userId}/`)).toEqual([]);
    expect(await blobs.list(`shares/${link.shareId}/`)).toEqual([]);
    expect(
      (await owner.client.fetch(`/api/generations/${generationId}`, { method: 'DELETE' })).status,
    ).toBe(404);
  });

  it('a share whose event is in but whose next step fails keeps its original photo', async () => {
    const owner = await signedInUser(app, 10);
    const generationId = await generate(owner.client, photo);
    const projections = app.runtime.projections;
    const waitFor = projections.waitFor.bind(projections);
    let failures = 0;
    projections.waitFor = async (...args: Parameters<typeof waitFor>) => {
      if (failures++ === 0) throw new Error('read models unreachable');
      return waitFor(...args);
    };
    try {
      expect((await share(owner.client, generationId, photo)).status).toBe(500);
    } finally {
      projections.waitFor = waitFor;
    }
    // The link opened; asked again with the same choice, it is the same link, original and all.
    const again = (await (await share(owner.client, generationId, photo)).json()) as ShareBody;
    expect(again.includesOriginal).toBe(true);
    expect((await anonymous().fetch(`${again.path}/original.jpg`)).status).toBe(200);
  });

  it('shows the share on the generation over GraphQL, and stops it there', async () => {
    const owner = await signedInUser(app);
    const generationId = await generate(owner.client, photo);
    const shared = await owner.client.graphql<{
      shareGeneration: {
        id: string;
        share: { id: string; path: string; includesOriginal: boolean };
      };
    }>(
      'mutation ($input: ShareGenerationInput!) { shareGeneration(input: $input) { id share { id path includesOriginal } } }',
      { input: { generationId } },
    );
    expect(shared.errors).toBeUndefined();
    const link = shared.data!.shareGeneration.share;
    const listed = await owner.client.graphql<{
      myGenerations: { generations: { id: string; share: { id: string } | null }[] };
    }>('{ myGenerations { generations { id share { id } } } }');
    expect(listed.data!.myGenerations.generations[0]).toEqual({
      id: generationId,
      share: { id: link.id },
    });
    const stopped = await owner.client.graphql<{ unshareGeneration: { share: null } }>(
      'mutation ($id: ID!) { unshareGeneration(generationId: $id) { id share { id } } }',
      { id: generationId },
    );
    expect(stopped.data!.unshareGeneration.share).toBeNull();
    expect((await anonymous().fetch(link.path)).status).toBe(404);
  });
});
