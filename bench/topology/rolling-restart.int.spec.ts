import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnApi, tempDataDir, type SpawnedApi } from '../../api/src/testing/spawn-api';
import { startTopology, type Topology } from './start-topology';

const CSRF = { 'x-graphql-yoga-csrf': '1' };

interface LoadReport {
  ok: number;
  failures: string[];
  /** What the test was doing, for a failure's message. */
  phase: string;
}

/**
 * Steady load through the balancer until stopped: `me` queries (POST /graphql) and readiness
 * probes from several clients at once; every answer that is not a 200 (or a thrown fetch) is a
 * failure, recorded with what it was.
 */
function steadyLoad(url: string, token: string, clients = 6) {
  const report: LoadReport = { ok: 0, failures: [], phase: 'steady' };
  let running = true;
  const client = async (index: number) => {
    while (running) {
      try {
        // Reads as GET (a GraphQL query may be sent so): nginx passes a GET that met a reset
        // connection to the other replica, which it never does for a POST (see the README).
        const response =
          index % 3 === 2
            ? await fetch(`${url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } })
            : await fetch(`${url}/graphql?query=${encodeURIComponent('{ me { id credits } }')}`, {
                headers: { ...CSRF, authorization: `Bearer ${token}` },
              });
        const body = await response.text();
        if (response.status === 200 && !body.includes('"errors"')) report.ok++;
        else report.failures.push(`${report.phase}: ${response.status} ${body.slice(0, 120)}`);
      } catch (error) {
        report.failures.push(`${report.phase}: fetch: ${(error as Error).message}`);
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
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
      topology = await startTopology();
    }, 240_000);
    afterAll(async () => {
      for (const replica of restarted) await replica.stop('SIGKILL');
      await topology?.stop();
    });

    it('loses not one request', async () => {
      const label = `roll${Date.now().toString(36)}`;
      const registered = await fetch(`${topology.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `${label}@example.com`,
          password: 'password-1',
          username: label,
        }),
      });
      expect(registered.status, topology.logs()).toBe(201);
      const { token } = (await registered.json()) as { token: string };

      const load = steadyLoad(topology.url, token);
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
