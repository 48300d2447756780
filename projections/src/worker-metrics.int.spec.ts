import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedger,
  creditStreamId,
  ledgerMigrations,
  PostgresEventStore,
  type Ledger,
} from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import type { Server } from 'node:http';
import { projectionMigrations } from './migrations';
import { ProjectionOperations } from './operator/projection-operations';
import { allProjections } from './registry';
import { installMissingProjections } from './runtime/ensure-projections';
import { ProjectionRunner } from './runtime/projection-runner';
import { startWorkerMetrics } from './worker-metrics';

describe("the worker's metrics", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let ledger: Ledger;
  let server: Server;
  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    ledger = createLedger(store);
    await installMissingProjections(database.pool, allProjections);
    const operations = new ProjectionOperations(database.pool, store, allProjections);
    server = startWorkerMetrics({
      port: 0,
      host: '127.0.0.1',
      pool: database.pool,
      status: () => operations.status(),
    });
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(async () => {
    server?.close();
    await store.close();
    await database.close();
  });

  it('shows each projection behind by the events it has not applied, then caught up', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    for (let i = 0; i < 3; i++) {
      await ledger.credits.handle(
        creditStreamId(`user-${i}`),
        {
          type: 'GrantCredits',
          data: {
            userId: `user-${i}`,
            grantId: `g-${i}`,
            amount: 5,
            source: 'signup',
            expiresAt: null,
          },
        },
        {
          now: new Date(),
          actor: { kind: 'system', id: 'test' },
          reason: 'test',
          correlationId: `c-${i}`,
          idempotencyKey: `k-${i}`,
        },
      );
    }
    // Readers see an event once no older transaction in the cluster is open: poll for it.
    await expect
      .poll(async () => (await fetch(url)).text(), { timeout: 30_000, interval: 200 })
      .toMatch(/^projection_lag_events\{projection="credit_history"\} 3$/m);
    await new ProjectionRunner(database.pool, store, allProjections).runUntilCaughtUp();
    const caughtUp = await (await fetch(url)).text();
    expect(caughtUp).toMatch(/^projection_lag_events\{projection="credit_history"\} 0$/m);
    expect(caughtUp).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
    expect(caughtUp).toMatch(/^process_cpu_seconds_total /m);
    expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
  });
});
