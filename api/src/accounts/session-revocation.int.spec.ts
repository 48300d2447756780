import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '@app/ledger/testing/scratch-database';
import { spawnApi, type SpawnedApi } from '../testing/spawn-api';

// Two API processes on one database, as behind the balancer: each keeps session lookups in
// memory, so a revocation made through one must reach the other's cache at once.
const serverUrl = process.env.DATABASE_URL;
const REACH_MS = 100;

describe.skipIf(!serverUrl)('session revocation across API replicas', () => {
  let database: ScratchDatabase;
  let a: SpawnedApi;
  let b: SpawnedApi;
  let sql: pg.Client;

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl!, 'revocation');
    const env = { DATABASE_URL: database.url, REGISTRATIONS_PER_IP: '1000' };
    // A busy machine can take minutes to start two API processes.
    a = await spawnApi({ ...env, PROJECTIONS_MODE: 'in-process' }, 240_000);
    b = await spawnApi({ ...env, PROJECTIONS_MODE: 'worker' }, 240_000);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 500_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  const call = (api: SpawnedApi, path: string, token: string, init: RequestInit = {}) =>
    fetch(`${api.url}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'x-graphql-yoga-csrf': '1',
        authorization: `Bearer ${token}`,
      },
    });

  const meOn = async (api: SpawnedApi, token: string): Promise<string | null> => {
    const response = await call(api, '/graphql', token, {
      method: 'POST',
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    const body = (await response.json()) as { data?: { me: { id: string } | null } };
    return body.data?.me?.id ?? null;
  };

  async function register(label: string) {
    const response = await fetch(`${a.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${label}-${Date.now()}@example.com`,
        password: 'first-password',
        username: `${label}${Date.now().toString(36)}`,
      }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { token: string; user: { id: string } };
  }

  async function login(email: string, password: string) {
    const response = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  /**
   * Asks B until it holds the session in memory, with as many requests at once as the probes
   * below keep open (their connections are then already there).
   */
  async function warm(token: string, userId: string) {
    expect(await meOn(b, token)).toBe(userId);
    const answers = await Promise.all(Array.from({ length: 12 }, () => meOn(b, token)));
    expect(answers).toEqual(answers.map(() => userId));
  }

  /**
   * Milliseconds from `revokedAt` until B's first refusal of `token` arrives. Probes leave every
   * 10 ms without waiting for each other, so the figure is the time B took to hear of it plus one
   * request's latency (an upper bound), not a polling interval.
   */
  async function untilRefusedOnB(token: string, revokedAt: number) {
    let refusedAt: number | null = null;
    const probes: Promise<void>[] = [];
    while (refusedAt === null && performance.now() - revokedAt < 5_000) {
      probes.push(
        meOn(b, token).then((id) => {
          if (id === null) refusedAt = Math.min(refusedAt ?? Infinity, performance.now());
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(probes);
    return (refusedAt ?? Infinity) - revokedAt;
  }

  it('B keeps sessions in memory: a revocation that skips the triggers goes unseen there', async () => {
    const { token, user } = await register('cached');
    await warm(token, user.id);
    // Replica mode skips ordinary triggers: the row is revoked but nobody is told.
    await sql.query('BEGIN');
    await sql.query('SET LOCAL session_replication_role = replica');
    await sql.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [user.id]);
    await sql.query('COMMIT');
    expect(await meOn(a, token)).toBeNull(); // A never asked before: it reads the database
    expect(await meOn(b, token)).toBe(user.id); // B answers from memory
    // Any announced change to the user drops what B holds.
    await sql.query('UPDATE users SET updated_at = now() WHERE id = $1', [user.id]);
    const started = performance.now();
    expect(await untilRefusedOnB(token, started)).toBeLessThan(REACH_MS);
  });

  it(`a logout on A is refused on B within ${REACH_MS} ms`, async () => {
    const { token, user } = await register('logout');
    await warm(token, user.id);
    const response = await call(a, '/api/auth/logout', token, { method: 'POST' });
    const revokedAt = performance.now();
    expect(response.status).toBe(200);
    expect(await untilRefusedOnB(token, revokedAt)).toBeLessThan(REACH_MS);
    expect(await meOn(a, token)).toBeNull();
  });

  it(`a password change on A ends the other sessions on B within ${REACH_MS} ms`, async () => {
    const registered = await register('password');
    const email = (
      await sql.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        registered.user.id,
      ])
    ).rows[0]!.email;
    const other = await login(email, 'first-password');
    await warm(other, registered.user.id);
    await warm(registered.token, registered.user.id);
    const response = await call(a, '/api/user/change-password', registered.token, {
      method: 'POST',
      body: JSON.stringify({ currentPassword: 'first-password', newPassword: 'second-password' }),
    });
    const revokedAt = performance.now();
    expect(response.status).toBe(200);
    expect(await untilRefusedOnB(other, revokedAt)).toBeLessThan(REACH_MS);
    // The session that changed the password stays signed in, on both.
    expect(await meOn(b, registered.token)).toBe(registered.user.id);
  });

  it(`an account deletion on A is refused on B within ${REACH_MS} ms`, async () => {
    const { token, user } = await register('deleted');
    await warm(token, user.id);
    const response = await call(a, '/api/user/account', token, {
      method: 'DELETE',
      body: JSON.stringify({ currentPassword: 'first-password' }),
    });
    const revokedAt = performance.now();
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await untilRefusedOnB(token, revokedAt)).toBeLessThan(REACH_MS);
  });

  it('while B cannot hear, it reads the database; back, it starts from an empty cache', async () => {
    const { token, user } = await register('listener');
    await warm(token, user.id);
    await sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'session-listener'`,
    );
    // Revoked without a word: B must not keep answering from what it held before the cut.
    await sql.query('BEGIN');
    await sql.query('SET LOCAL session_replication_role = replica');
    await sql.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [user.id]);
    await sql.query('COMMIT');
    expect(await meOn(b, token)).toBeNull();
    // Reconnected (both replicas listen again) and still refused.
    for (let waited = 0; waited < 10_000; waited += 100) {
      const listening = await sql.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'session-listener'`,
      );
      if (listening.rows[0].n === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await meOn(b, token)).toBeNull();
  });
});
