import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePhoto } from '../../api/src/testing/fixtures';
import { spawnApi, tempDataDir, type SpawnedApi } from '../../api/src/testing/spawn-api';
import { startTopology, type Topology } from './start-topology';

const CSRF = { 'x-graphql-yoga-csrf': '1' };

interface LoadReport {
  ok: number;
  /** Generations answered 200, one per idempotency key. */
  generated: number;
  failures: string[];
  /** What the test was doing, for a failure's message. */
  phase: string;
}

type Kind = 'get-me' | 'get-user' | 'post-me' | 'login' | 'generate';

/**
 * Steady load through the balancer until stopped, one client per kind: `me` as a GET and as a
 * POST to /graphql, GET /api/auth/user, logins, and generations each carrying its own
 * idempotency key. Every answer that is not a 200 (or a thrown fetch) is a failure, recorded with
 * what it was.
 */
function steadyLoad(
  url: string,
  user: { token: string; email: string; password: string },
  photo: Buffer,
  kinds: Kind[] = ['get-me', 'get-user', 'post-me', 'post-me', 'login', 'generate'],
) {
  const report: LoadReport = { ok: 0, generated: 0, failures: [], phase: 'steady' };
  const bearer = { authorization: `Bearer ${user.token}` };
  const send: Record<Kind, () => Promise<Response>> = {
    'get-me': () =>
      fetch(`${url}/graphql?query=${encodeURIComponent('{ me { id credits } }')}`, {
        headers: { ...CSRF, ...bearer },
      }),
    'get-user': () => fetch(`${url}/api/auth/user`, { headers: bearer }),
    'post-me': () =>
      fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { ...CSRF, ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ me { id credits } }' }),
      }),
    login: () =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      }),
    generate: () => {
      const form = new FormData();
      form.set('style', 'pixar');
      form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
      return fetch(`${url}/api/generate-image`, {
        method: 'POST',
        headers: { ...bearer, 'idempotency-key': randomUUID() },
        body: form,
      });
    },
  };
  let running = true;
  const client = async (kind: Kind) => {
    while (running) {
      try {
        const response = await send[kind]();
        const body = await response.text();
        if (response.status === 200 && !body.includes('"errors"')) {
          report.ok++;
          if (kind === 'generate') report.generated++;
        } else
          report.failures.push(`${report.phase}: ${kind} ${response.status} ${body.slice(0, 120)}`);
      } catch (error) {
        report.failures.push(`${report.phase}: ${kind} fetch: ${(error as Error).message}`);
      }
    }
  };
  const done = Promise.all(kinds.map((kind) => client(kind)));
  return {
    report,
    async stop() {
      running = false;
      await done;
      return report;
    },
  };
}

describe.skipIf(!process.env.DATABASE_URL)(
  'a rolling restart behind nginx: both API replicas, one after the other, under steady load',
  () => {
    let topology: Topology;
    const restarted: SpawnedApi[] = [];
    beforeAll(async () => {
      // A generation on this shared machine can outlast the default 25 s grace (one did, and was
      // cut: a 502 that says nothing about draining); the test is about what nginx sends where.
      topology = await startTopology({ env: { SHUTDOWN_GRACE_SECONDS: '90' } });
    }, 240_000);
    afterAll(async () => {
      for (const replica of restarted) await replica.stop('SIGKILL');
      await topology?.stop();
    });

    it('loses not one request: GraphQL GETs and POSTs, logins, generations with idempotency keys', async () => {
      const photo = await fs.readFile(fixturePhoto('chelsea.png'));
      const label = `roll${Date.now().toString(36)}`;
      const user = { email: `${label}@example.com`, password: 'password-1', token: '' };
      const registered = await fetch(`${topology.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password, username: label }),
      });
      expect(registered.status, topology.logs()).toBe(201);
      user.token = ((await registered.json()) as { token: string }).token;
      const graphql = async <T>(query: string): Promise<T> => {
        const response = await fetch(`${topology.url}/graphql`, {
          method: 'POST',
          headers: {
            ...CSRF,
            authorization: `Bearer ${user.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ query }),
        });
        return ((await response.json()) as { data: T }).data;
      };
      // Pro (300 credits) through the local checkout pays for the generations of the load.
      const checkout = await graphql<{ createSubscriptionCheckout: { url: string } }>(
        'mutation { createSubscriptionCheckout(planId: "pro") { url } }',
      );
      const paid = await fetch(`${topology.url}${checkout.createSubscriptionCheckout.url}/pay`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      const credits = async () =>
        (await graphql<{ me: { credits: number } }>('{ me { credits } }')).me.credits;
      await expect.poll(credits, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(300);
      const creditsBefore = await credits();

      const load = steadyLoad(topology.url, user, photo);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      for (const [index, replica] of topology.replicas.entries()) {
        const before = load.report.ok;
        load.report.phase = `stopping replica ${index}`;
        // SIGTERM: not ready at once, no new connections, requests in flight finish.
        await replica.stop('SIGTERM');
        expect(replica.process.exitCode, replica.output()).toBe(0);
        // The balancer sends everything to the other replica meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        load.report.phase = `starting replica ${index} again`;
        const replacement = await spawnApi(
          {
            ...topology.env,
            PORT: String(replica.port),
            DATA_DIR: await tempDataDir(`replica-${index}-again`),
          },
          180_000,
        );
        restarted.push(replacement);
        // Traffic went on while this replica was away.
        expect(load.report.ok).toBeGreaterThan(before);
        load.report.phase = `replica ${index} back`;
        // Let nginx's passive check (fail_timeout 10 s) bring the replica back before the next.
        await new Promise((resolve) => setTimeout(resolve, 11_000));
      }
      const report = await load.stop();
      expect(report.failures, topology.logs()).toEqual([]);
      expect(report.ok).toBeGreaterThan(100);
      expect(report.generated).toBeGreaterThan(0);
      // Each key held and captured once: 5 credits a generation, no more, no less.
      await expect
        .poll(credits, { timeout: 30_000, interval: 200 })
        .toBe(creditsBefore - 5 * report.generated);
      // Both new replicas answer through the balancer.
      const upstreams = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const response = await fetch(`${topology.url}/health/ready`);
        upstreams.add(response.headers.get('x-upstream') ?? '');
      }
      expect(upstreams.size).toBe(2);
    }, 600_000);
  },
);
