import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { loadConfig, type Config } from '../config';
import { openRuntime, type Runtime } from '../composition/runtime';
import { createServices, listenForSessionChanges, type Services } from '../composition/services';
import { createApp } from '../http/create-app';
import { waitForUserStreams } from '../composition/read-your-writes';

const SETTLE_TIMEOUT_MS = 30_000;

export interface TestApp {
  readonly url: string;
  readonly runtime: Runtime;
  readonly services: Services;
  readonly database: TestDatabase;
  /** Waits until every projection has applied everything appended so far; throws if it does not. */
  settle(): Promise<void>;
  /** Waits until the read models show the newest events of one user's credit and subscription streams. */
  settleUser(userId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app over real HTTP on an ephemeral port, on a fresh database (the DATABASE_URL server,
 * or in-memory PGlite), with projections running in-process.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  configure?: (config: Config) => Config,
  overrides: Parameters<typeof createServices>[1] = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const baseConfig = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: `/tmp/stylised-test-${database.name}-${Date.now()}`,
    // Tests register many users from one address; the limit tests set their own numbers.
    REGISTRATIONS_PER_IP: '10000',
    LOGIN_ATTEMPTS_PER_IP: '10000',
    // On a busy 2-core CI machine a long transaction elsewhere in the cluster can hold projections back for seconds.
    READ_YOUR_WRITES_TIMEOUT_MS: '30000',
    ...env,
  });
  const config = configure ? configure(baseConfig) : baseConfig;
  const runtime = await openRuntime(config, { database });
  const services = await createServices(runtime, overrides);
  await listenForSessionChanges(runtime, services);
  // OPERATOR_TOKEN mounts the operator endpoints the CLI uses (as a server deployment does).
  const app = createApp(
    runtime,
    services,
    env.OPERATOR_TOKEN ? { operatorToken: env.OPERATOR_TOKEN } : {},
  );
  const server: Server = await new Promise((resolve) => {
    const listening = createServer(app).listen(config.port, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    runtime,
    services,
    database,
    async settle() {
      // The newest committed event, not the store's head: the head only counts events below the
      // oldest open transaction of the whole cluster, so another database's long transaction
      // would let this return before the events just written were applied.
      const newest = await database.pool.query<{ commit: string; prepare: string }>(
        `SELECT transaction_id::text AS commit, global_position::text AS prepare FROM events
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      const row = newest.rows[0];
      const head = row ? { commit: BigInt(row.commit), prepare: BigInt(row.prepare) } : null;
      if (!head) return;
      if (!(await runtime.runner!.waitFor(head, SETTLE_TIMEOUT_MS))) {
        throw new Error(
          `projections did not reach ${JSON.stringify(head)} within ${SETTLE_TIMEOUT_MS} ms`,
        );
      }
    },
    settleUser: (userId) => waitForUserStreams(services.ledger, services.projections, userId),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.decodePool.close();
      await services.accounts.sessionCache.close();
      await services.accountSnapshots.close();
      await runtime.close();
      await database.close();
    },
  };
}
