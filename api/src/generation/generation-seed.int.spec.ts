import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationStreamId } from '@app/ledger';
import { signedInUser } from '../testing/accounts';
import type { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { fixturePhoto } from '../testing/fixtures';
import type { GenerationInput, ProviderSubmission } from './engine/image-provider';
import { LocalImageProvider } from './engine/local/local-provider';

/** The real local engine, remembering the seed each generation was sent with. */
class SeedRecordingProvider extends LocalImageProvider {
  readonly seeds = new Map<string, number | undefined>();
  override async submit(input: GenerationInput): Promise<ProviderSubmission> {
    this.seeds.set(input.generationId, input.seed);
    return super.submit(input);
  }
}

async function generate(client: HttpClient, photo: Buffer, prompt: string) {
  const form = new FormData();
  form.set('style', 'snoopy');
  form.set('prompt', prompt);
  form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
  const response = await client.fetch('/api/generate-image', { method: 'POST', body: form });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const id = /generations\/([0-9a-f-]{36})\/image/.exec(url)![1]!;
  const image = Buffer.from(await (await client.fetch(url)).arrayBuffer());
  return { id, image };
}

describe('seeds of generations', () => {
  let app: TestApp;
  const provider = new SeedRecordingProvider();

  beforeAll(async () => {
    app = await startTestApp({}, undefined, { provider });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('records a new seed with every generation, sends it to the engine, and reruns vary', async () => {
    const { client } = await signedInUser(app, 10);
    const photo = await fs.readFile(fixturePhoto('astronaut.png'));
    const [first, second] = await Promise.all([
      generate(client, photo, 'with a red doghouse'),
      generate(client, photo, 'with a red doghouse'),
    ]);
    const seeds: number[] = [];
    for (const { id } of [first, second]) {
      const events = await app.runtime.storage.store.readStream(generationStreamId(id));
      const requested = events.find((event) => event.type === 'GenerationRequested')!;
      const seed = (requested.data as { seed?: number }).seed;
      expect(Number.isInteger(seed)).toBe(true);
      expect(provider.seeds.get(id)).toBe(seed);
      seeds.push(seed!);
    }
    // Two draws from 2³¹ values: equal only by a one-in-two-billion accident.
    expect(seeds[0]).not.toBe(seeds[1]);
    expect(first.image.equals(second.image)).toBe(false);
  }, 180_000);

  it('tells the web app that the offline preview engine serves', async () => {
    const { client } = await signedInUser(app);
    const result = await client.graphql<{ imageEngine: { preview: boolean } }>(
      '{ imageEngine { preview } }',
    );
    expect(result.data).toEqual({ imageEngine: { preview: true } });
  });
});
