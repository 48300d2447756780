import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId } from '@app/ledger';
import { getCreditBalance } from '@app/projections';
import { signedInUser } from '../testing/accounts';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { INSUFFICIENT_CREDITS_MESSAGE } from '@app/ledger';
import { ProviderError, type ImageProvider, type ProviderOutcome } from './engine/image-provider';
import { LocalImageProvider } from './engine/local/local-provider';
import { UPLOAD_MESSAGES } from './upload/sanitize-upload';
import { fixturePhoto } from '../testing/fixtures';
import {
  graphqlUpload as uploadOverGraphql,
  restUpload as uploadOverRest,
} from '../testing/photo-uploads';

const photoPath = fixturePhoto('chelsea.png');
const pixelBomb = path.join(import.meta.dirname, 'upload/fixtures/pixel-bomb-20000x20000.png');

function restUpload(
  client: HttpClient,
  file: { bytes: Buffer; name: string; type: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file)
    form.set(
      'profileImage',
      new Blob([new Uint8Array(file.bytes)], { type: file.type }),
      file.name,
    );
  return client.fetch('/api/generate-image', { method: 'POST', body: form });
}

/** The GraphQL multipart request spec, as apollo-upload-client sends it. */
async function graphqlUpload(
  client: HttpClient,
  style: string,
  bytes: Buffer,
  extra: Record<string, unknown> = {},
) {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query: `mutation ($input: GenerateImageInput!) { generateImage(input: $input) { id status resultUrl style prompt } }`,
      variables: { input: { style, photo: null, ...extra } },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.input.photo'] }));
  form.set('0', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  const response = await client.fetch('/graphql', {
    method: 'POST',
    body: form,
    headers: { 'x-graphql-yoga-csrf': '1' },
  });
  return (await response.json()) as {
    data?: {
      generateImage: {
        id: string;
        status: string;
        resultUrl: string;
        style: string;
        prompt: string;
      };
    };
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

async function balanceOf(app: TestApp, userId: string) {
  return getCreditBalance(app.database.pool, userId);
}

async function blobFiles(app: TestApp, prefix: string) {
  return app.services.blobs.list(prefix);
}

describe('image generation', () => {
  let app: TestApp;
  let photo: Buffer;

  beforeAll(async () => {
    // Room for the 20-request race below to reach the ledger (the 503 of a full queue has its own spec).
    app = await startTestApp({ UPLOAD_DECODE_QUEUE: '32' });
    photo = await fs.readFile(photoPath);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('generates over REST: 5 credits spent, the PNG served to its owner only, the upload gone', async () => {
    const { client, userId } = await signedInUser(app, 10);
    const response = await restUpload(
      client,
      { bytes: photo, name: 'cat.png', type: 'image/png' },
      { prompt: '', style: 'ghibli' },
    );
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^\/api\/generations\/[0-9a-f-]{36}\/image$/);
    const timing = Object.fromEntries(
      response.headers
        .get('server-timing')!
        .split(', ')
        .map((part) => [part.split(';dur=')[0], Number(part.split(';dur=')[1])]),
    );
    expect(Object.keys(timing).sort()).toEqual([
      'after-provider',
      'before-provider',
      'checks',
      'hold',
      'provider',
      'queue',
      'receive',
    ]);
    expect(timing.receive! + timing.checks! + timing.hold! + timing.queue!).toBeCloseTo(
      timing['before-provider']!,
      0,
    );

    const image = await client.fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);

    expect(await balanceOf(app, userId)).toMatchObject({ available: 5, held: 0, lifetimeSpent: 5 });
    expect(await blobFiles(app, 'uploads/')).toEqual([]);

    const stranger = (await signedInUser(app)).client;
    expect((await stranger.fetch(url)).status).toBe(404);
    expect((await new HttpClient(app.url).fetch(url)).status).toBe(404);
  });

  it('decodes a photo while it arrives, once (REST and GraphQL); a damaged one is refused from that decode, with nothing held', async () => {
    const { client, userId } = await signedInUser(app, 20);
    const jpeg = await sharp(photo).resize(2400).jpeg({ quality: 95 }).toBuffer();
    // Still arriving when the account check answers: the decode starts on the bytes already in.
    const arriving = { pauseEarlyMs: 300 };
    const pool = app.services.decodePool;
    const counts = () => ({ started: pool.started, arriving: pool.startedArriving });
    // The API learns from its first decode process whether it can read arriving bytes.
    expect((await uploadOverRest(client, jpeg, arriving)).status).toBe(200);
    const before = counts();
    expect((await uploadOverRest(client, jpeg, arriving)).status).toBe(200);
    expect(counts()).toEqual({ started: before.started + 1, arriving: before.arriving + 1 });

    const damaged = await uploadOverRest(
      client,
      jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      arriving,
    );
    expect(damaged.status).toBe(422);
    expect(await damaged.json()).toMatchObject({
      code: 'UPLOAD_UNREADABLE',
      message: UPLOAD_MESSAGES.unreadable,
    });
    // Refused by the decode that read it as it came: not decoded a second time from its file.
    expect(counts()).toEqual({ started: before.started + 2, arriving: before.arriving + 2 });
    expect(await balanceOf(app, userId)).toMatchObject({ available: 10, held: 0 });

    // The web app's path, GraphQL, the same way.
    const overGraphql = (await (await uploadOverGraphql(client, jpeg, arriving)).json()) as {
      data?: { generateImage: { id: string } };
    };
    expect(overGraphql.data?.generateImage.id).toBeTruthy();
    expect(counts()).toEqual({ started: before.started + 3, arriving: before.arriving + 3 });
    expect(await balanceOf(app, userId)).toMatchObject({ available: 5, held: 0 });
  });

  it('generates over GraphQL with the spec default prompt, and lists it in my generations', async () => {
    const { client } = await signedInUser(app, 5);
    const result = await graphqlUpload(client, 'PIXAR', photo);
    expect(result.errors).toBeUndefined();
    expect(result.data!.generateImage).toMatchObject({
      status: 'SUCCEEDED',
      style: 'pixar',
      prompt: 'Turn this image into a Pixar style character',
    });
    const me = await client.graphql<{ me: { credits: number } }>('{ me { credits } }');
    expect(me.data!.me.credits).toBe(0);
    const history = await client.graphql<{
      myGenerations: { generations: { id: string; status: string; resultUrl: string }[] };
    }>('{ myGenerations { generations { id status resultUrl } nextCursor } }');
    expect(history.data!.myGenerations.generations).toEqual([
      {
        id: result.data!.generateImage.id,
        status: 'SUCCEEDED',
        resultUrl: result.data!.generateImage.resultUrl,
      },
    ]);
  });

  it('a step after the capture that fails once (the upload not deleted) still answers with the image the user paid for', async () => {
    const { client, userId } = await signedInUser(app, 10);
    const blobs = app.services.blobs;
    const deleteBlob = blobs.delete.bind(blobs);
    let failures = 0;
    blobs.delete = async (key: string) => {
      if (key.startsWith('uploads/') && failures++ === 0) throw new Error('storage hiccup');
      return deleteBlob(key);
    };
    try {
      const response = await restUpload(
        client,
        { bytes: photo, name: 'cat.png', type: 'image/png' },
        { style: 'chibi' },
      );
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      expect((await client.fetch(url)).status).toBe(200);
    } finally {
      blobs.delete = deleteBlob;
    }
    expect(failures).toBe(2);
    expect(await balanceOf(app, userId)).toMatchObject({ available: 5, held: 0, lifetimeSpent: 5 });
    expect(await blobFiles(app, 'uploads/')).toEqual([]);
  });

  it('a hold whose append committed but answered an error is released at once and its request failed; one that never committed leaves nothing', async () => {
    const credits = app.services.ledger.credits;
    const handle = credits.handle.bind(credits);
    for (const committed of [true, false]) {
      const { client, userId } = await signedInUser(app, 10);
      let failed = false;
      credits.handle = async (streamId, command, metadata) => {
        if (command.type !== 'HoldCredits' || failed) return handle(streamId, command, metadata);
        failed = true;
        if (committed) await handle(streamId, command, metadata);
        throw new Error('connection terminated unexpectedly');
      };
      try {
        const response = await restUpload(
          client,
          { bytes: photo, name: 'cat.png', type: 'image/png' },
          { style: 'chibi' },
        );
        expect(response.status).toBe(500);
      } finally {
        credits.handle = handle;
      }
      const { state } = await credits.read(creditStreamId(userId));
      expect(Object.keys(state.holds)).toEqual([]);
      const events = await app.runtime.storage.store.readStream(creditStreamId(userId));
      expect(events.map((event) => event.type).filter((type) => type !== 'CreditsGranted')).toEqual(
        committed ? ['CreditsReserved', 'CreditsReleased'] : [],
      );
      // Released: the request stays failed (a retry with its key is told so, and runs nothing);
      // never held: it never happened.
      const rows = await app.database.pool.query<{ status: string }>(
        'SELECT status FROM generation_requests WHERE user_id = $1',
        [userId],
      );
      expect(rows.rows).toEqual(committed ? [{ status: 'failed' }] : []);
    }
  });

  it('a repeated idempotency key never costs twice', async () => {
    const { client, userId } = await signedInUser(app, 15);
    const first = await graphqlUpload(client, 'ANIME', photo, { idempotencyKey: 'client-key-1' });
    const second = await graphqlUpload(client, 'ANIME', photo, { idempotencyKey: 'client-key-1' });
    expect(second.data!.generateImage.id).toBe(first.data!.generateImage.id);
    expect((await balanceOf(app, userId)).available).toBe(10);
  });

  it('a key sent again with another request is refused, and costs nothing', async () => {
    const { client, userId } = await signedInUser(app, 15);
    const png = { bytes: photo, name: 'photo.png', type: 'image/png' };
    const first = await restUpload(client, png, { style: 'ghibli', idempotencyKey: 'one-action' });
    expect(first.status).toBe(200);
    const otherStyle = await restUpload(client, png, {
      style: 'pixar',
      idempotencyKey: 'one-action',
    });
    expect(otherStyle.status).toBe(409);
    expect(await otherStyle.json()).toMatchObject({
      message: 'This idempotency key was already used for a different request',
    });
    const otherPhoto = await restUpload(
      client,
      { ...png, bytes: await sharp(photo).resize(300).png().toBuffer() },
      { style: 'ghibli', idempotencyKey: 'one-action' },
    );
    expect(otherPhoto.status).toBe(409);
    // Over GraphQL too: the same service decides.
    const overGraphql = await graphqlUpload(client, 'ANIME', photo, {
      idempotencyKey: 'one-action',
    });
    expect(overGraphql.errors?.[0]?.message).toBe(
      'This idempotency key was already used for a different request',
    );
    // The same request again is the first one's answer.
    const again = await restUpload(client, png, { style: 'ghibli', idempotencyKey: 'one-action' });
    expect(await again.json()).toEqual(await first.json());
    expect((await balanceOf(app, userId)).available).toBe(10);
  });

  describe('bad input: a clear 4xx and the balance unchanged', () => {
    const truncatedJpeg = async () => {
      const jpeg = await sharp(photo).jpeg().toBuffer();
      return jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    };
    const cases: [
      string,
      () => Promise<{ bytes: Buffer; name: string; type: string } | null>,
      number,
      string,
    ][] = [
      [
        'a text file named .png',
        async () => ({
          bytes: Buffer.from('hello, I am text'),
          name: 'photo.png',
          type: 'image/png',
        }),
        415,
        UPLOAD_MESSAGES.unsupported,
      ],
      [
        'an HTML file sent as image/jpeg',
        async () => ({
          bytes: Buffer.from('<html><body><script>alert(1)</script></body></html>'),
          name: 'photo.jpg',
          type: 'image/jpeg',
        }),
        415,
        UPLOAD_MESSAGES.unsupported,
      ],
      [
        '11 MB',
        async () => ({
          bytes: Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]),
          name: 'big.png',
          type: 'image/png',
        }),
        413,
        UPLOAD_MESSAGES.tooLarge,
      ],
      [
        'a zero-byte file',
        async () => ({ bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' }),
        400,
        UPLOAD_MESSAGES.empty,
      ],
      [
        'a truncated JPEG',
        async () => ({ bytes: await truncatedJpeg(), name: 'cut.jpg', type: 'image/jpeg' }),
        422,
        UPLOAD_MESSAGES.unreadable,
      ],
      [
        'a 20,000 × 20,000 PNG',
        async () => ({ bytes: await fs.readFile(pixelBomb), name: 'bomb.png', type: 'image/png' }),
        413,
        UPLOAD_MESSAGES.tooManyPixels,
      ],
      ['a missing file', async () => null, 400, 'Profile image is required'],
    ];
    it.each(cases)('%s', async (_label, file, status, message) => {
      const { client, userId } = await signedInUser(app, 10);
      const response = await restUpload(client, await file(), { prompt: 'x' });
      expect(response.status).toBe(status);
      expect((await response.json()).message).toBe(message);
      expect(await balanceOf(app, userId)).toMatchObject({ available: 10, held: 0 });
      const events = await app.runtime.storage.store.readStream(creditStreamId(userId));
      expect(events.some((e) => e.type === 'CreditsReserved')).toBe(false);
    });

    it('an action figure card filled in wrongly (REST and GraphQL) is refused, never printed without its details', async () => {
      const { client, userId } = await signedInUser(app, 10);
      const card = {
        name: 'N'.repeat(61),
        profession: 'Pilot',
        accessories: [],
        pose: 'Victory Pose',
        style: 'Vintage Toy',
      };
      const rest = await restUpload(
        client,
        { bytes: photo, name: 'cat.png', type: 'image/png' },
        { actionFigure: JSON.stringify(card) },
      );
      expect(rest.status).toBe(400);
      expect(await rest.json()).toMatchObject({
        message: 'Name must be at most 60 characters',
      });
      const gql = await graphqlUpload(client, 'ACTION_FIGURE', photo, {
        actionFigure: {
          ...card,
          name: 'Ada',
          accessories: Array.from({ length: 13 }, (_, i) => `a${i}`),
        },
      });
      expect(gql.errors?.[0]?.message).toBe('At most 12 accessories');
      expect(await balanceOf(app, userId)).toMatchObject({ available: 10, held: 0 });
      const events = await app.runtime.storage.store.readStream(creditStreamId(userId));
      expect(events.some((e) => e.type === 'CreditsReserved')).toBe(false);
    });

    it('a missing file for another style says Image is required', async () => {
      const { client } = await signedInUser(app, 10);
      const response = await restUpload(client, null, { prompt: 'x', style: 'chibi' });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe('Image is required');
    });

    it('a signed-out request', async () => {
      const response = await restUpload(new HttpClient(app.url), {
        bytes: photo,
        name: 'cat.png',
        type: 'image/png',
      });
      expect(response.status).toBe(401);
      expect((await response.json()).message).toBe('Please login to generate images');
      const gql = await graphqlUpload(new HttpClient(app.url), 'GHIBLI', photo);
      expect(gql.errors?.[0]).toMatchObject({
        message: 'Please login to generate images',
        extensions: { code: 'UNAUTHENTICATED' },
      });
    });

    it('a user with fewer than 5 credits gets the spec message', async () => {
      const { client, userId } = await signedInUser(app, 4);
      const response = await restUpload(client, {
        bytes: photo,
        name: 'cat.png',
        type: 'image/png',
      });
      expect(response.status).toBe(402);
      expect((await response.json()).message).toBe(INSUFFICIENT_CREDITS_MESSAGE);
      expect((await balanceOf(app, userId)).available).toBe(4);
    });
  });

  it('20 concurrent requests from a user with 5 credits: exactly one result, balance 0, no hold left open', async () => {
    const { client, userId } = await signedInUser(app, 5);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        restUpload(
          client,
          { bytes: photo, name: 'cat.png', type: 'image/png' },
          { style: 'chibi' },
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const refusals = await Promise.all(
      responses
        .filter((r) => r.status !== 200)
        .map(async (r) => [r.status, (await r.json()).message]),
    );
    for (const [status, message] of refusals) {
      expect([402, 429]).toContain(status);
      expect([
        INSUFFICIENT_CREDITS_MESSAGE,
        'You already have 2 generations in progress. Please wait for one to finish.',
      ]).toContain(message);
    }
    expect(await balanceOf(app, userId)).toMatchObject({ available: 0, held: 0, lifetimeSpent: 5 });
    const { state } = await app.services.ledger.credits.read(creditStreamId(userId));
    expect(Object.keys(state.holds)).toEqual([]);
  });
});

/** An image service that always fails, or always throws. */
class FailingProvider implements ImageProvider {
  readonly name = 'failing';
  constructor(private readonly mode: 'outcome' | 'throw') {}
  async submit() {
    if (this.mode === 'throw')
      throw new ProviderError(
        'PROVIDER_UNAVAILABLE',
        'The image service is not available right now.',
      );
    return { predictionId: 'p-1' };
  }
  async wait(): Promise<ProviderOutcome> {
    return {
      status: 'failed',
      code: 'PROVIDER_FAILED',
      message: 'The image service could not create this image: model exploded',
    };
  }
  async check(): Promise<ProviderOutcome> {
    return this.wait();
  }
}

describe.each(['outcome', 'throw'] as const)('a provider failure (%s)', (mode) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, undefined, { provider: new FailingProvider(mode) });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("releases the hold, answers with the provider's message, and deletes the uploaded photo", async () => {
    const { client, userId } = await signedInUser(app, 5);
    const response = await restUpload(client, {
      bytes: await fs.readFile(photoPath),
      name: 'cat.png',
      type: 'image/png',
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    const { message } = await response.json();
    expect(message).toBe(
      mode === 'throw'
        ? 'The image service is not available right now.'
        : 'The image service could not create this image: model exploded',
    );
    expect(await getCreditBalance(app.database.pool, userId)).toMatchObject({
      available: 5,
      held: 0,
      lifetimeSpent: 0,
    });
    const events = (await app.runtime.storage.store.readStream(creditStreamId(userId))).map(
      (e) => e.type,
    );
    expect(events).toEqual(['CreditsGranted', 'CreditsReserved', 'CreditsReleased']);
    expect(await app.services.blobs.list('uploads/')).toEqual([]);
    const history = await client.graphql<{
      myGenerations: { generations: { status: string; errorMessage: string }[] };
    }>('{ myGenerations { generations { status errorMessage } } }');
    expect(history.data!.myGenerations.generations).toEqual([
      { status: 'FAILED', errorMessage: message },
    ]);
  });
});

describe('a browser that disconnects', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ LOCAL_PROVIDER_DELAY_MS: '1500' }, undefined, {
      provider: new LocalImageProvider({
        render: async (request) => (
          await new Promise((r) => setTimeout(r, 1500)),
          (await import('./engine/local/render')).renderLocal(request)
        ),
      }),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a page can follow its generation by the idempotency key it sent: queued or rendering, then done', async () => {
    const { client } = await signedInUser(app, 5);
    const pending = graphqlUpload(client, 'GHIBLI', await fs.readFile(photoPath), {
      idempotencyKey: 'follow-me-1',
    });
    const stage = async () =>
      (
        await client.graphql<{ myGenerationByKey: { stage: string; status: string } | null }>(
          'query { myGenerationByKey(idempotencyKey: "follow-me-1") { stage status } }',
        )
      ).data?.myGenerationByKey;
    await expect
      .poll(async () => (await stage())?.stage, { timeout: 10_000, interval: 100 })
      .toBe('RENDERING');
    expect((await stage())?.status).toBe('PENDING');
    await pending;
    expect(await stage()).toEqual({ stage: 'DONE', status: 'SUCCEEDED' });
    const stranger = (await signedInUser(app)).client;
    expect(
      (await stranger.graphql('query { myGenerationByKey(idempotencyKey: "follow-me-1") { id } }'))
        .data,
    ).toEqual({ myGenerationByKey: null });
  });

  it('still gets its result: credits settle and the generation lands in the history', async () => {
    const { client, userId } = await signedInUser(app, 5);
    const controller = new AbortController();
    const form = new FormData();
    form.set(
      'profileImage',
      new Blob([new Uint8Array(await fs.readFile(photoPath))], { type: 'image/png' }),
      'cat.png',
    );
    const request = client
      .fetch('/api/generate-image', { method: 'POST', body: form, signal: controller.signal })
      .catch(() => 'aborted');
    await new Promise((r) => setTimeout(r, 500));
    controller.abort();
    expect(await request).toBe('aborted');
    await expect
      .poll(async () => (await getCreditBalance(app.database.pool, userId)).lifetimeSpent, {
        timeout: 15_000,
      })
      .toBe(5);
    const history = async () =>
      (
        await client.graphql<{ myGenerations: { generations: { status: string }[] } }>(
          '{ myGenerations { generations { status } } }',
        )
      ).data!.myGenerations.generations;
    await expect.poll(history, { timeout: 5_000 }).toEqual([{ status: 'SUCCEEDED' }]);
  });
});
