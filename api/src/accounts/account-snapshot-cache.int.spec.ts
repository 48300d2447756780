import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '@app/ledger/testing/scratch-database';
import { spawnApi, type SpawnedApi } from '../testing/spawn-api';

// Two API processes on one database, as behind the balancer. Each keeps balances and plans in
// memory (the `me` hot path), so a purchase made through one must show on both: at once on the
// process that made it (read-your-writes) and within 100 ms on the other.
const serverUrl = process.env.DATABASE_URL;
const REACH_MS = 100;

describe.skipIf(!serverUrl)('balances cached in memory across API replicas', () => {
  let database: ScratchDatabase | undefined;
  let a: SpawnedApi; // runs the projections in-process
  let b: SpawnedApi; // polls their checkpoints, as beside a worker
  let sql: pg.Client;
  let token = '';
  let userId = '';

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl!, 'snapshots');
    const env = { DATABASE_URL: database.url };
    a = await spawnApi({ ...env, PROJECTIONS_MODE: 'in-process' }, 240_000);
    b = await spawnApi({ ...env, PROJECTIONS_MODE: 'worker' }, 240_000);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const registered = await fetch(`${a.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'cache@example.com',
        password: 'cache-password',
        username: 'cache',
      }),
    });
    ({
      token,
      user: { id: userId },
    } = (await registered.json()) as {
      token: string;
      user: { id: string };
    });
  }, 500_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  const call = (api: SpawnedApi, path: string, init: RequestInit = {}) =>
    fetch(`${api.url}${path}`, {
      redirect: 'manual',
      ...init,
      headers: {
        'content-type': 'application/json',
        'x-graphql-yoga-csrf': '1',
        authorization: `Bearer ${token}`,
      },
    });

  const creditsOn = async (api: SpawnedApi): Promise<number> => {
    const response = await call(api, '/graphql', {
      method: 'POST',
      body: JSON.stringify({ query: '{ me { credits } }' }),
    });
    return ((await response.json()) as { data: { me: { credits: number } } }).data.me.credits;
  };

  async function buyPackOn(api: SpawnedApi) {
    const created = await call(api, '/api/create-pack-checkout', {
      method: 'POST',
      body: JSON.stringify({ packId: 'pack_100' }),
    });
    const { url } = (await created.json()) as { url: string };
    const paid = await call(api, `${new URL(url, api.url).pathname}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
  }

  async function reachesWithin(api: SpawnedApi, expected: number, limitMs: number) {
    const started = performance.now();
    while ((await creditsOn(api)) !== expected) {
      expect(performance.now() - started).toBeLessThan(limitMs);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return performance.now() - started;
  }

  const listenersConnected = async () =>
    Number(
      (
        await sql.query<{ count: string }>(
          `SELECT count(*) FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'account-snapshot-listener'`,
        )
      ).rows[0]!.count,
    );

  it('serves repeated reads from memory and drops a user named on the channel', async () => {
    const before = await creditsOn(a);
    // Behind the cache's back (a test only: the product never writes a read model outside a batch).
    await sql.query(`UPDATE credit_lots_v1 SET remaining = remaining + 7 WHERE user_id = $1`, [
      userId,
    ]);
    const lotCount = (
      await sql.query(`SELECT 1 FROM credit_lots_v1 WHERE user_id = $1 AND remaining > 0`, [userId])
    ).rowCount!;
    expect(await creditsOn(a)).toBe(before);
    await sql.query(`SELECT pg_notify('account_snapshot_changes', $1)`, [userId]);
    await reachesWithin(a, before + 7 * lotCount, REACH_MS);
    await sql.query(`UPDATE credit_lots_v1 SET remaining = remaining - 7 WHERE user_id = $1`, [
      userId,
    ]);
    await sql.query(`SELECT pg_notify('account_snapshot_changes', '*')`);
    await reachesWithin(a, before, REACH_MS);
  });

  it('shows a purchase at once where it was made and within 100 ms on the other replica', async () => {
    const before = await creditsOn(a);
    expect(await creditsOn(b)).toBe(before); // both caches hold the old figure now
    await buyPackOn(a);
    expect(await creditsOn(a)).toBe(before + 100);
    expect(await reachesWithin(b, before + 100, REACH_MS)).toBeLessThan(REACH_MS);

    await creditsOn(a);
    await buyPackOn(b); // b waits by polling the checkpoints that a's runner moves
    expect(await creditsOn(b)).toBe(before + 200);
    expect(await reachesWithin(a, before + 200, REACH_MS)).toBeLessThan(REACH_MS);
  });

  it('reads the database while its LISTEN connection is down', async () => {
    expect(await listenersConnected()).toBe(2);
    const before = await creditsOn(a);
    const { rows: cut } = await sql.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'account-snapshot-listener'`,
    );
    await sql.query(`SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid`, [
      cut.map((row) => row.pid),
    ]);
    // pg_terminate_backend only signals: the change below must come after the backends are gone
    // (their sockets closed), not in the moment before the API can know its LISTEN was cut.
    for (let tries = 0; ; tries++) {
      const { rowCount } = await sql.query(`SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1)`, [
        cut.map((row) => row.pid),
      ]);
      if (rowCount === 0) break;
      expect(tries).toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await sql.query(
      `UPDATE credit_lots_v1 SET remaining = remaining + 1 WHERE user_id = $1 AND remaining > 0`,
      [userId],
    );
    const bumped = (
      await sql.query(`SELECT 1 FROM credit_lots_v1 WHERE user_id = $1 AND remaining > 0`, [userId])
    ).rowCount!;
    // Unheard changes are never served from memory: the next read sees the table.
    expect(await creditsOn(a)).toBe(before + bumped);
    await sql.query(
      `UPDATE credit_lots_v1 SET remaining = remaining - 1 WHERE user_id = $1 AND remaining > 1`,
      [userId],
    );
    for (let tries = 0; (await listenersConnected()) < 2; tries++) {
      expect(tries).toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
