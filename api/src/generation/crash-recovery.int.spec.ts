import fs from 'node:fs/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../testing/http-client';
import { spawnApi, type SpawnedApi } from '../testing/spawn-api';
import { finishPrediction } from './engine/replicate/testing/fake-prediction';
import { FakeReplicateServer } from './engine/replicate/testing/fake-replicate-server';
import { fixturePhoto } from '../testing/fixtures';
import { auditCli } from '../testing/audit-cli';
import { cleanUp, processScratch, type Cleanup } from '../testing/process-scratch';

const photo = () => fs.readFile(fixturePhoto('astronaut.png'));

type Generation = {
  id: string;
  status: string;
  resultUrl: string | null;
  errorMessage: string | null;
};
const generations = async (client: HttpClient) =>
  (
    await client.graphql<{ myGenerations: { generations: Generation[] } }>(
      '{ myGenerations { generations { id status resultUrl errorMessage } } }',
    )
  ).data?.myGenerations.generations ?? [];
const credits = async (client: HttpClient) =>
  (await client.graphql<{ me: { credits: number } }>('{ me { credits } }')).data?.me.credits;

/** Registers, starts a generation without waiting, and returns once its credits are held. */
async function generationInFlight(api: SpawnedApi) {
  const client = new HttpClient(api.url);
  const registered = await client.json('/api/auth/register', {
    email: 'crash@example.com',
    password: 'secret-1',
    username: 'crash',
  });
  const { token } = (await registered.json()) as { token: string };
  const form = new FormData();
  form.set(
    'profileImage',
    new Blob([new Uint8Array(await photo())], { type: 'image/png' }),
    'me.png',
  );
  form.set('style', 'ghibli');
  void client
    .fetch('/api/generate-image', { method: 'POST', body: form })
    .catch(() => 'connection lost');
  await expect
    .poll(async () => (await generations(client))[0]?.status, { timeout: 15_000, interval: 100 })
    .toBe('PENDING');
  expect(await credits(client)).toBe(0);
  return { client, token };
}

describe('crash recovery: the API killed with SIGKILL while credits are held', () => {
  let replicate: FakeReplicateServer;
  const cleanups: Cleanup[] = [];
  beforeAll(async () => {
    replicate = await FakeReplicateServer.start({ pollsUntilDone: 100_000 });
  });
  afterAll(async () => {
    await cleanUp(cleanups);
    await replicate?.close();
  });

  async function processPair(extraEnv: Record<string, string>) {
    const { dataDir, databaseUrl } = await processScratch('crash', cleanups);
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      GENERATION_TIMEOUT_SECONDS: '4',
      GENERATION_HOLD_MARGIN_SECONDS: '1',
      GENERATION_RECOVERY_INTERVAL_SECONDS: '1',
      ...extraEnv,
    };
    return {
      /** The ledger audit over this pair's database (through the running API when embedded). */
      audit: () => auditCli({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }),
      start: async () => {
        const api = await spawnApi(env);
        cleanups.push(() => api.stop('SIGKILL'));
        return api;
      },
    };
  }

  it('local engine: the render died with the process, so after restart the credits come back', async () => {
    const pair = await processPair({ LOCAL_PROVIDER_DELAY_MS: '60000' });
    const first = await pair.start();
    const { token } = await generationInFlight(first);
    await first.stop('SIGKILL');

    const second = await pair.start();
    const client = new HttpClient(second.url);
    client.bearer = token;
    await expect.poll(() => credits(client), { timeout: 30_000, interval: 250 }).toBe(5);
    await expect
      .poll(async () => (await generations(client))[0]?.status, { timeout: 5_000 })
      .toBe('FAILED');
    const [generation] = await generations(client);
    expect(generation).toMatchObject({ status: 'FAILED', resultUrl: null });
    expect(generation!.errorMessage).toMatch(/could not be finished.*credits were not used/i);
    const audit = await pair.audit();
    expect(audit.stdout).toMatch(/1 accounts, 0 subscriptions checked .*: 0 mismatches/);
    expect(audit.code).toBe(0);
  }, 120_000);

  it('Replicate: the prediction finished while we were down, so after restart the result is delivered and paid for once', async () => {
    replicate.nextScenario('succeeded');
    const pair = await processPair({
      REPLICATE_API_TOKEN: replicate.token,
      REPLICATE_API_BASE_URL: replicate.baseUrl,
    });
    const first = await pair.start();
    const { token } = await generationInFlight(first);
    await expect
      .poll(() => replicate.requestsTo('POST', /predictions$/).length, { timeout: 10_000 })
      .toBe(1);
    await first.stop('SIGKILL');

    const [prediction] = [...replicate.predictions.values()];
    await finishPrediction(prediction!, replicate.filesUrl);

    const second = await pair.start();
    const client = new HttpClient(second.url);
    client.bearer = token;
    await expect
      .poll(async () => (await generations(client))[0]?.status, { timeout: 30_000, interval: 250 })
      .toBe('SUCCEEDED');
    const [generation] = await generations(client);
    const image = await client.fetch(generation!.resultUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await credits(client)).toBe(0);
    // Paid once: one generation in the user's history (its hold settled, so not listed apart).
    const history = await client.graphql<{
      myCreditHistory: { movements: { type: string; label: string }[] };
    }>('{ myCreditHistory { movements { type label } } }');
    expect(history.data!.myCreditHistory.movements.map((m) => [m.type, m.label])).toEqual([
      ['CreditsSpent', expect.stringMatching(/image$/i)],
      ['CreditsGranted', 'Welcome credits'],
    ]);
    const audit = await pair.audit();
    expect(audit.stdout).toMatch(/1 accounts, 0 subscriptions checked .*: 0 mismatches/);
    expect(audit.code).toBe(0);
  }, 120_000);
});
