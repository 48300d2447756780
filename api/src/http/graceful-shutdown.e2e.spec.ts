import fs from 'node:fs/promises';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eServer, type E2eServer } from '../testing/e2e-server';
import { fixturePhoto } from '../testing/fixtures';

// Generous: ten local renders at once on a loaded 2-core CI machine can take most of a minute, and
// the process exits as soon as it has drained, so the grace only bounds the worst case.
const GRACE_SECONDS = 100;
const USERS = 20;
const GENERATIONS = 10;

interface Outcome {
  kind: 'generation' | 'login' | 'read';
  ok: boolean;
  detail: string;
}

describe.skipIf(!process.env.DATABASE_URL)('graceful shutdown on SIGTERM', () => {
  let server: E2eServer;
  beforeAll(async () => {
    server = await startE2eServer({
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      // Generations take seconds, as a real model's do; all of them run at once.
      LOCAL_PROVIDER_DELAY_MS: '3000',
      PROVIDER_CONCURRENCY: String(GENERATIONS),
      DATABASE_POOL_SIZE: '30',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers every request accepted before the signal, leaves no hold open, and exits within the grace period', async () => {
    const photo = new Uint8Array(await fs.readFile(fixturePhoto('chelsea.png')));
    const users: { email: string; password: string; token: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = `drain-${i}-${randomUUID().slice(0, 8)}@example.com`;
      const password = `pw-${randomUUID()}`;
      const response = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, username: `drain_${i}_${Date.now() % 100000}` }),
      });
      expect(response.status).toBe(201);
      users.push({ email, password, token: ((await response.json()) as { token: string }).token });
    }

    let answered = 0;
    const signal = { at: 0 };
    const settle = (kind: Outcome['kind'], work: Promise<{ ok: boolean; detail: string }>) =>
      work
        .catch((error: unknown) => ({
          ok: false,
          detail: `${String(error)} ${String((error as { cause?: unknown }).cause)} at ${Date.now() - (signal.at || Date.now())} ms after the signal`,
        }))
        .then((result) => {
          answered++;
          return { kind, ...result };
        });

    const generation = (token: string) => {
      const form = new FormData();
      form.set('style', 'anime');
      form.set('profileImage', new Blob([photo], { type: 'image/png' }), 'photo.png');
      return settle(
        'generation',
        fetch(`${server.url}/api/generate-image`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        }).then(async (response) => {
          const body = (await response.json()) as { url?: string; message?: string };
          return { ok: response.status === 200 && !!body.url, detail: JSON.stringify(body) };
        }),
      );
    };
    const login = (email: string, password: string) =>
      settle(
        'login',
        fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        }).then(async (response) => {
          const body = (await response.json()) as { token?: string };
          return { ok: response.status === 200 && !!body.token, detail: String(response.status) };
        }),
      );
    const read = (token: string) =>
      settle(
        'read',
        fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-graphql-yoga-csrf': '1',
            authorization: `Bearer ${token}`,
          },
          body: JSON.stringify({ query: '{ me { id credits } }' }),
        }).then(async (response) => {
          const body = (await response.json()) as { data?: { me?: { id: string } } };
          return {
            ok: response.status === 200 && !!body.data?.me?.id,
            detail: JSON.stringify(body),
          };
        }),
      );

    // 200 requests on their own connections: 10 generations, 60 logins, 130 GraphQL reads.
    const all: Promise<Outcome>[] = [];
    for (const [i, user] of users.entries()) {
      if (i < GENERATIONS) all.push(generation(user.token));
      for (let k = 0; k < 3; k++) all.push(login(user.email, user.password));
    }
    for (let k = 0; all.length < 200; k++) all.push(read(users[k % USERS]!.token));
    expect(all).toHaveLength(200);

    // Signal once every request is either answered or being served (so all were accepted).
    const deadline = Date.now() + 60_000;
    let inFlight = 0;
    for (;;) {
      const ready = await fetch(`${server.url}/health/ready`);
      inFlight = ((await ready.json()) as { requestsInFlight: number }).requestsInFlight;
      if (inFlight + answered >= 200) break;
      if (Date.now() > deadline) throw new Error(`only ${inFlight + answered} of 200 accepted`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(inFlight).toBeGreaterThan(0);

    signal.at = Date.now();
    const exited = new Promise<number | null>((resolve) =>
      server.api.process.once('exit', (code) => resolve(code)),
    );
    server.api.process.kill('SIGTERM');
    // Once draining has begun, a new connection is refused.
    while (!/"msg":"draining"/.test(server.api.output()))
      await new Promise((resolve) => setTimeout(resolve, 10));
    const fresh = await new Promise<string>((resolve) => {
      const request = http.get(
        { host: '127.0.0.1', port: server.api.port, path: '/health/live', agent: false },
        (response) => resolve(String(response.statusCode)),
      );
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(fresh).toBe('ECONNREFUSED');

    const outcomes = await Promise.all(all);
    const failures = outcomes.filter((outcome) => !outcome.ok);
    expect(failures, JSON.stringify(failures.slice(0, 3))).toEqual([]);
    expect(outcomes.filter((o) => o.kind === 'generation')).toHaveLength(GENERATIONS);

    const code = await exited;
    const tookMs = Date.now() - signal.at;
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(GRACE_SECONDS * 1000);

    const { rows } = await server.pool!.query<{ open: string }>(
      `SELECT count(*) AS open FROM events held
        WHERE held.type = 'CreditsReserved'
          AND NOT EXISTS (
            SELECT 1 FROM events settled
             WHERE settled.type IN ('CreditsSpent', 'CreditsReleased')
               AND settled.stream_id = held.stream_id
               AND settled.data->>'reservationId' = held.data->>'reservationId')`,
    );
    expect(Number(rows[0]!.open)).toBe(0);
    const spent = await server.pool!.query<{ n: string }>(
      `SELECT count(*) AS n FROM events WHERE type = 'CreditsSpent'`,
    );
    expect(Number(spent.rows[0]!.n)).toBe(GENERATIONS);
    expect(server.api.output()).toMatch(/"requestsInFlight":[1-9]\d*.*"msg":"draining"/);
    expect(server.api.output()).toMatch(/"clean":true.*"msg":"stopped"/);
  }, 300_000);
});
