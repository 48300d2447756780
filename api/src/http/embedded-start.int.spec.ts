import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnApi, tempDataDir, type SpawnedApi } from '../testing/spawn-api';

describe('npm start on embedded defaults', () => {
  let api: SpawnedApi | undefined;
  let dataDir: string;

  afterAll(async () => {
    await api?.stop('SIGKILL');
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('serves health with database, event store head and projection lag, and keeps its data across a restart', async () => {
    dataDir = await tempDataDir('embedded');
    // No DATABASE_URL: the embedded PGlite in the data folder.
    api = await spawnApi({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const health = await (await fetch(`${api.url}/health`)).json();
    expect(health).toMatchObject({
      status: 'ok',
      database: { ok: true, embedded: true },
      eventStore: { kind: 'postgres' },
    });
    expect(health.projections.map((p: { name: string }) => p.name).sort()).toEqual([
      'credit_balances',
      'credit_buckets',
      'credit_history',
      'generation_history',
      'generation_shares',
      'paid_credits',
      'subscription_status',
    ]);
    for (const projection of health.projections)
      expect(projection).toMatchObject({ eventsBehind: 0, version: 1, failing: false });

    // Something durable: a blue/green rebuild moves credit_history to version 2.
    const runtime = JSON.parse(await fs.readFile(`${dataDir}/runtime.json`, 'utf8'));
    const rebuild = await fetch(`${api.url}/internal/operator/projections/rebuild`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${runtime.operatorToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'credit_history' }),
    });
    expect(await rebuild.text()).toContain('"result"');
    const unauthorised = await fetch(`${api.url}/internal/operator/projections/status`);
    expect(unauthorised.status).toBe(401);

    await api.stop();
    api = await spawnApi({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const after = await (await fetch(`${api.url}/health`)).json();
    expect(
      after.projections.find((p: { name: string }) => p.name === 'credit_history').version,
    ).toBe(2);
  }, 120_000); // two cold starts of the whole product (PGlite, migrations, projections)

  it('deletes an account on its one connection and keeps serving', async () => {
    // The embedded database is one connection: a read through the pool inside the deletion's
    // transaction waited for it forever, and every request after it with it.
    // A server of its own: the first test's may have stopped.
    await api?.stop('SIGKILL');
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    dataDir = await tempDataDir('embedded');
    api = await spawnApi({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const password = 'Leaving-for-good-42';
    const registered = await fetch(`${api.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `leaving-${Date.now()}@example.com`,
        username: `leaving${Date.now()}`,
        password,
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const deleted = await fetch(`${api.url}/api/user/account`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: password }),
      signal: AbortSignal.timeout(20_000),
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({
      message: 'Your account and your data have been deleted.',
    });
    const health = await fetch(`${api.url}/health`, { signal: AbortSignal.timeout(5_000) });
    expect(health.status).toBe(200);
  }, 120_000);
});
