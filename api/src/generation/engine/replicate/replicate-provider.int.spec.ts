import { readFileSync } from 'node:fs';
import Replicate from 'replicate';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../image-provider.js';
import type { GenerationInput, ProviderOutcome } from '../image-provider.js';
import { REPLICATE_MESSAGES } from './replicate-mapping.js';
import { ReplicateImageProvider } from './replicate-provider.js';
import type { ReplicateImageProviderOptions } from './replicate-provider.js';
import { FakeReplicateServer } from './testing/fake-replicate-server.js';
import { MARK } from '../local/render.js';
import { hasPreviewMark } from '../local/testing/image-measures.js';

const MODEL_PATH = '/v1/models/black-forest-labs/flux-kontext-pro/predictions';
const astronaut = readFileSync(
  new URL('../../../../../fixtures/photos/astronaut.png', import.meta.url),
);

let server: FakeReplicateServer;
/** Like a sanitized upload: a re-encoded JPEG. */
let photo: Buffer;

beforeAll(async () => {
  server = await FakeReplicateServer.start();
  photo = await sharp(astronaut).resize(512).jpeg().toBuffer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function provider(overrides: Partial<ReplicateImageProviderOptions> = {}): ReplicateImageProvider {
  return new ReplicateImageProvider({
    apiToken: server.token,
    baseUrl: server.baseUrl,
    pollIntervalMs: 5,
    timeoutMs: 5_000,
    ...overrides,
  });
}

function input(
  prompt = 'Turn this image into a Ghibli studio style',
  extra: Partial<GenerationInput> = {},
): GenerationInput {
  return { generationId: 'g1', style: 'ghibli', prompt, photo, ...extra };
}

async function generate(
  p: ReplicateImageProvider,
  request: GenerationInput = input(),
): Promise<[string, ProviderOutcome]> {
  const { predictionId } = await p.submit(request);
  return [predictionId, await p.wait(predictionId)];
}

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('ReplicateImageProvider against the fake Replicate API', () => {
  it('creates the prediction with the right model and input, polls, and downloads the PNG at once', async () => {
    const [id, outcome] = await generate(provider());
    expect(outcome.status).toBe('succeeded');
    const png = (outcome as { png: Buffer }).png;
    expect(png.equals(server.prediction(id).output!.bytes)).toBe(true);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    // The production model's picture comes as it is: no "Preview engine" mark.
    expect(await hasPreviewMark(png, MARK)).toBe(false);

    const [create] = server.requestsTo('POST', MODEL_PATH);
    expect(create!.headers.authorization).toBe('Bearer [redacted]');
    expect(create!.headers.prefer).toBeUndefined();
    const body = create!.body as { input: Record<string, unknown>; webhook?: string };
    expect(body.webhook).toBeUndefined();
    expect(body.input).toMatchObject({
      prompt: 'Turn this image into a Ghibli studio style',
      aspect_ratio: '1:1',
      output_format: 'png',
      safety_tolerance: 2,
    });
    expect(body.input.input_image).toBe(`data:image/jpeg;base64,${photo.toString('base64')}`);

    // Starting → processing → succeeded over three polls, then the download straight away.
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `POST ${MODEL_PATH} 201`,
      `GET /v1/predictions/${id} 200`,
      `GET /v1/predictions/${id} 200`,
      `GET /v1/predictions/${id} 200`,
      `GET /files/${id}.png 200`,
    ]);
    expect(server.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('passes the generation’s seed to the model, and none when there is none', async () => {
    await provider().submit(input(undefined, { seed: 1234567 }));
    await provider().submit(input(undefined, { generationId: 'g2' }));
    const [withSeed, without] = server
      .requestsTo('POST', MODEL_PATH)
      .map((r) => (r.body as { input: Record<string, unknown> }).input);
    expect(withSeed!.seed).toBe(1234567);
    expect(without).not.toHaveProperty('seed');
  });

  it('sends a PNG photo as a PNG data URI', async () => {
    await provider().submit(input(undefined, { photo: astronaut }));
    const body = server.requestsTo('POST', MODEL_PATH)[0]!.body as {
      input: { input_image: string };
    };
    expect(body.input.input_image.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('reports a failed prediction with its error in a readable message', async () => {
    server.nextScenario('failed', {
      error:
        'Prediction failed: model crashed while loading weights.\nTraceback (most recent call last)',
    });
    const [, outcome] = await generate(provider());
    expect(outcome).toEqual({
      status: 'failed',
      code: 'PROVIDER_FAILED',
      message:
        'The image service could not create this image: model crashed while loading weights. Your credits were not used.',
    });
  });

  it('reports the NSFW refusal as a declined photo or prompt', async () => {
    const [, outcome] = await generate(provider(), input('A portrait [fake:nsfw]'));
    expect(outcome).toEqual({
      status: 'failed',
      code: 'PROVIDER_FAILED',
      message: REPLICATE_MESSAGES.declined,
    });
  });

  it('reports a prediction canceled on the Replicate side', async () => {
    server.nextScenario('canceled');
    const [id, outcome] = await generate(provider());
    expect(outcome).toEqual({
      status: 'canceled',
      message: 'The generation was canceled. Your credits were not used.',
    });
    expect(server.prediction(id).canceledBy).toBe('server');
  });

  it('times out a slow prediction, cancels it, and says the credits were not used', async () => {
    server.nextScenario('slow');
    const started = Date.now();
    const [id, outcome] = await generate(provider({ timeoutMs: 150, pollIntervalMs: 20 }));
    expect(outcome).toEqual({
      status: 'failed',
      code: 'PROVIDER_TIMEOUT',
      message: REPLICATE_MESSAGES.timeout,
    });
    expect(Date.now() - started).toBeLessThan(10_000); // the slow prediction never finishes on its own
    expect(server.requestsTo('POST', `/v1/predictions/${id}/cancel`)).toHaveLength(1);
    expect(server.prediction(id)).toMatchObject({
      canceledBy: 'client',
      json: { status: 'canceled' },
    });
  });

  it('turns a 429 that outlasts the client retries into PROVIDER_RATE_LIMITED, quickly', async () => {
    server.nextScenario('rate-limited'); // 6 throttled attempts
    const started = Date.now();
    const error = await rejection(provider().submit(input()));
    expect(error).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      message: REPLICATE_MESSAGES.rateLimited,
    });
    // The client sends 1 + 5 attempts back to back: it neither backs off nor honours Retry-After (30 s here).
    expect(server.requestsTo('POST', MODEL_PATH).map((r) => r.status)).toEqual([
      429, 429, 429, 429, 429, 429,
    ]);
    expect(Date.now() - started).toBeLessThan(10_000); // far below the 30 s the server asks for
    expect(server.predictions.size).toBe(0);
  });

  it('rides out a short burst of 429s through the client retries', async () => {
    server.nextScenario('rate-limited', { attempts: 2 });
    const [, outcome] = await generate(provider());
    expect(outcome.status).toBe('succeeded');
    expect(server.requestsTo('POST', MODEL_PATH).map((r) => r.status)).toEqual([429, 429, 201]);
  });

  it('treats an invalid token as the service being unavailable, without leaking it', async () => {
    const bad = provider({ apiToken: 'r8_wrong_token_123' });
    const error = await rejection(bad.submit(input()));
    expect(error).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      message: 'The image service is not available right now.',
    });
    expect(error.message).not.toContain('r8_wrong');
    expect(server.requests.map((r) => r.status)).toEqual([401]);

    const { predictionId } = await provider().submit(input());
    expect(await rejection(bad.wait(predictionId))).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect(await rejection(bad.check(predictionId))).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
    });
  });

  it('check reports processing, then the downloaded PNG', async () => {
    const p = provider();
    const { predictionId } = await p.submit(input());
    expect(await p.check(predictionId)).toEqual({ status: 'processing' });
    expect(await p.check(predictionId)).toEqual({ status: 'processing' });
    const done = await p.check(predictionId);
    expect(done.status).toBe('succeeded');
    expect(
      (done as { png: Buffer }).png.equals(server.prediction(predictionId).output!.bytes),
    ).toBe(true);
  });

  it('check and wait on an unknown prediction report it lost', async () => {
    const lost = { status: 'failed', code: 'PROVIDER_FAILED', message: REPLICATE_MESSAGES.lost };
    expect(await provider().check('doesnotexist')).toEqual(lost);
    expect(await provider().wait('doesnotexist')).toEqual(lost);
  });

  it('check after the output expired says so instead of failing later', async () => {
    const p = provider();
    const { predictionId } = await p.submit(input());
    server.prediction(predictionId).polls = 2;
    server.expireOutputs();
    expect(await p.check(predictionId)).toEqual({
      status: 'failed',
      code: 'PROVIDER_FAILED',
      message: REPLICATE_MESSAGES.outputGone,
    });
  });

  it('refuses an output that is not a PNG', async () => {
    server.nextScenario('jpeg');
    const [, outcome] = await generate(provider());
    expect(outcome).toEqual({
      status: 'failed',
      code: 'PROVIDER_FAILED',
      message:
        'The image service returned a JPEG image instead of a PNG. Your credits were not used.',
    });
  });

  it('passes the model validation error on when the request is invalid', async () => {
    const error = await rejection(provider().submit(input('   ')));
    expect(error.code).toBe('PROVIDER_FAILED');
    expect(error.message).toContain('prompt: String length must be greater than or equal to 1');
  });

  it('cancels the prediction when the generation signal aborts', async () => {
    server.nextScenario('slow');
    const generation = new AbortController();
    const p = provider();
    const { predictionId } = await p.submit(input(undefined, { signal: generation.signal }));
    const waiting = p.wait(predictionId);
    generation.abort();
    expect(await waiting).toEqual({
      status: 'canceled',
      message: 'The generation was canceled. Your credits were not used.',
    });
    expect(server.prediction(predictionId).canceledBy).toBe('client');
  });

  it('stops waiting when the wait signal aborts, leaving the prediction running', async () => {
    server.nextScenario('slow');
    const p = provider();
    const { predictionId } = await p.submit(input());
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    expect(await p.wait(predictionId, stop.signal)).toEqual({
      status: 'canceled',
      message: REPLICATE_MESSAGES.stoppedWaiting,
    });
    expect(server.prediction(predictionId).json.status).toBe('processing');
    expect(server.requestsTo('POST', `/v1/predictions/${predictionId}/cancel`)).toHaveLength(0);
  });

  it('maps server errors and network failures to PROVIDER_UNAVAILABLE', async () => {
    server.failNext(1, 503, 'POST'); // the client does not retry a create on 5xx
    expect(await rejection(provider().submit(input()))).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
    });
    expect(server.requestsTo('POST', MODEL_PATH)).toHaveLength(1);

    const { predictionId } = await provider().submit(input());
    server.failNext(100, 502, 'GET'); // retried by the client, then by the poll loop, then given up
    expect(await rejection(provider().wait(predictionId))).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
    });
    expect(server.requestsTo('GET', `/v1/predictions/${predictionId}`)).toHaveLength(18);

    const closed = await FakeReplicateServer.start();
    await closed.close();
    const unreachable = provider({ baseUrl: closed.baseUrl });
    expect(await rejection(unreachable.submit(input()))).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
    });
  });

  it('the fake answers Prefer: wait synchronously and validates like the model', async () => {
    const client = new Replicate({
      auth: server.token,
      baseUrl: server.baseUrl,
      useFileOutput: false,
    });
    const image = `data:image/jpeg;base64,${photo.toString('base64')}`;
    const done = await client.predictions.create({
      model: 'black-forest-labs/flux-kontext-pro',
      input: { prompt: 'x', input_image: image },
      wait: true,
    });
    expect(done).toMatchObject({ status: 'succeeded', version: 'hidden', error: null });
    expect(server.requests[0]!.headers.prefer).toBe('wait');

    const tooPermissive = client.predictions.create({
      model: 'black-forest-labs/flux-kontext-pro',
      input: { prompt: 'x', input_image: image, safety_tolerance: 5 },
    });
    await expect(tooPermissive).rejects.toMatchObject({
      name: 'ApiError',
      response: { status: 422 },
    });
    const invalid = await client.predictions
      .create({
        model: 'black-forest-labs/flux-kontext-pro',
        input: { input_image: 'not a uri', aspect_ratio: '7:3' },
      })
      .catch((e: Error) => e.message);
    expect(invalid).toContain('"title":"Input validation failed"');
    expect(invalid).toContain('prompt is required');
    expect(invalid).toContain('input.input_image');
    expect(invalid).toContain('input.aspect_ratio');
  });
});
