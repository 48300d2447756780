import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCli } from '../../api/src/testing/audit-cli';
import { fixturePhoto } from '../../api/src/testing/fixtures';
import { startTopology, type Topology } from './start-topology';

const CSRF = { 'x-graphql-yoga-csrf': '1' };

/** A signed-in user of the balancer (bearer token), who can also ask one replica directly. */
class User {
  token = '';
  constructor(private readonly base: string) {}

  fetch(path: string, init: RequestInit = {}, base = this.base) {
    const headers = new Headers(init.headers);
    if (this.token) headers.set('authorization', `Bearer ${this.token}`);
    return fetch(`${base}${path}`, { ...init, headers, redirect: 'manual' });
  }

  async graphql<T>(query: string, base = this.base): Promise<T> {
    const response = await this.fetch(
      '/graphql',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...CSRF },
        body: JSON.stringify({ query }),
      },
      base,
    );
    const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
    return body.data!;
  }

  async generate(photo: Buffer, style = 'pixar') {
    const form = new FormData();
    form.set('style', style);
    form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    return this.fetch('/api/generate-image', { method: 'POST', body: form });
  }
}

const me = `{ me { credits currentPlan } }`;

describe.skipIf(!process.env.DATABASE_URL)(
  'the production topology: nginx, two API replicas, a projections worker, S3, Postgres',
  () => {
    let topology: Topology;
    beforeAll(async () => {
      topology = await startTopology();
    }, 180_000);
    afterAll(async () => {
      await topology?.stop();
    });

    it('registers, generates across replicas, buys a plan, reads from the other replica, survives a SIGKILL, and the audit finds nothing', async () => {
      const photo = await fs.readFile(fixturePhoto('chelsea.png'));
      const [a, b] = topology.replicas.map((replica) => replica.url) as [string, string];
      const user = new User(topology.url);
      const label = `topo${Date.now().toString(36)}`;
      const registered = await user.fetch('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `${label}@example.com`,
          password: 'password-1',
          username: label,
        }),
      });
      expect(registered.status, topology.logs()).toBe(201);
      user.token = ((await registered.json()) as { token: string }).token;

      // Generate through the balancer: the 5 signup credits pay for one.
      const first = await user.generate(photo);
      expect(first.status, topology.logs()).toBe(200);
      const { url: firstUrl } = (await first.json()) as { url: string };
      await expect
        .poll(() => user.graphql<{ me: { credits: number } }>(me), { timeout: 30_000 })
        .toMatchObject({ me: { credits: 0 } });

      // Buy Pro through the local checkout (its pages and the pay step go through the balancer).
      const checkout = await user.graphql<{ createSubscriptionCheckout: { url: string } }>(
        'mutation { createSubscriptionCheckout(planId: "pro") { url } }',
      );
      const page = await user.fetch(checkout.createSubscriptionCheckout.url);
      expect(page.status).toBe(200);
      const paid = await user.fetch(`${checkout.createSubscriptionCheckout.url}/pay`, {
        method: 'POST',
      });
      expect(paid.status).toBe(303);
      // The worker projects the purchase; the profile shows it (polled: the read models trail).
      await expect
        .poll(() => user.graphql<{ me: unknown }>(me), { timeout: 30_000, interval: 200 })
        .toEqual({ me: { credits: 300, currentPlan: 'Pro Plan' } });

      // More generations: nginx spreads them over both replicas.
      const upstreams = new Set<string>();
      const urls = [firstUrl];
      for (let i = 0; i < 4; i++) {
        const response = await user.generate(photo, i % 2 ? 'anime' : 'chibi');
        expect(response.status).toBe(200);
        upstreams.add(response.headers.get('x-upstream') ?? '');
        urls.push(((await response.json()) as { url: string }).url);
      }
      expect([...upstreams].sort()).toEqual(
        topology.replicas.map((replica) => `127.0.0.1:${replica.port}`).sort(),
      );

      // Every image and the whole history read the same from either replica (blobs in S3,
      // read models in Postgres kept by the one worker).
      for (const url of urls) {
        const [fromA, fromB] = await Promise.all([user.fetch(url, {}, a), user.fetch(url, {}, b)]);
        expect([fromA.status, fromB.status]).toEqual([200, 200]);
        const [bytesA, bytesB] = [
          Buffer.from(await fromA.arrayBuffer()),
          Buffer.from(await fromB.arrayBuffer()),
        ];
        expect(bytesA.equals(bytesB)).toBe(true);
        expect((await sharp(bytesA).metadata()).width).toBe(1024);
      }
      const historyQuery = '{ myGenerations(first: 10) { generations { id status } } }';
      type History = { myGenerations: { generations: { id: string; status: string }[] } };
      const [historyA, historyB] = await Promise.all([
        user.graphql<History>(historyQuery, a),
        user.graphql<History>(historyQuery, b),
      ]);
      expect(historyA).toEqual(historyB);
      expect(historyA.myGenerations.generations.map((g) => g.status)).toEqual(
        Array(5).fill('SUCCEEDED'),
      );
      await expect
        .poll(() => user.graphql(me, b), { timeout: 30_000, interval: 200 })
        .toEqual({ me: { credits: 280, currentPlan: 'Pro Plan' } });

      // Under load, one replica is SIGKILLed: only requests in flight on it may fail.
      const victim = topology.replicas[0]!;
      let killedAt = Infinity;
      const results: { startedAt: number; ok: boolean }[] = [];
      const stopAt = Date.now() + 6_000;
      const load = Array.from({ length: 6 }, async () => {
        while (Date.now() < stopAt) {
          const startedAt = Date.now();
          const ok = await user
            .fetch('/graphql', {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...CSRF },
              body: JSON.stringify({ query: me }),
            })
            .then(async (response) => response.ok && !('errors' in (await response.json())))
            .catch(() => false);
          results.push({ startedAt, ok });
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      // "In flight" is everything sent before the process was gone (its exit observed).
      const exited = new Promise<void>((resolve) => victim.process.once('exit', () => resolve()));
      victim.process.kill('SIGKILL');
      await exited;
      killedAt = Date.now();
      await Promise.all(load);
      const failed = results.filter((result) => !result.ok);
      // At most the 6 requests in flight when the process died; everything started after is served.
      expect(failed.length).toBeLessThanOrEqual(6);
      expect(
        failed.filter((result) => result.startedAt > killedAt).map((r) => r.startedAt - killedAt),
      ).toEqual([]);
      expect(results.filter((r) => r.startedAt > killedAt + 100 && r.ok).length).toBeGreaterThan(5);
      // And a generation still works through the balancer.
      const after = await user.generate(photo, 'ghibli');
      expect(after.status).toBe(200);
      expect(after.headers.get('x-upstream')).toBe(`127.0.0.1:${topology.replicas[1]!.port}`);

      // The ledger audit: the read models agree with the log.
      const audit = await auditCli({ DATABASE_URL: topology.databaseUrl, ...topology.s3.env });
      expect(audit.code, audit.stdout).toBe(0);
      expect(audit.stdout).toMatch(/: 0 mismatches/);
    }, 240_000);
  },
);
