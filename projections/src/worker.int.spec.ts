import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { comparePositions, openLedgerStorage, type LedgerStorage } from '@app/ledger';
import { createTestDatabase } from '@app/ledger/testing/test-database';
import { projectionMigrations } from './migrations';
import { allProjections } from './registry';
import { loadCheckpoints } from './runtime/checkpoints';
import { seedLedger } from './testing/seed-ledger';
import { runProjectionWorker } from './worker';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function terminateAll(databaseName: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [databaseName],
    );
    for (const { pid } of rows) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    return rows.length;
  } finally {
    await admin.end();
  }
}

async function caughtUp(storage: LedgerStorage, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await storage.store.headPosition();
    const live = await loadCheckpoints(storage.database.pool, ['live']).catch(() => []);
    const done =
      head !== null &&
      allProjections.every((projection) => {
        const row = live.find((checkpoint) => checkpoint.name === projection.name);
        return row !== undefined && comparePositions(row.position, head) >= 0;
      });
    if (done) return;
    if (Date.now() > deadline) throw new Error('projections did not catch up in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!process.env.DATABASE_URL)('projections worker', () => {
  it('keeps projecting after every connection to the database was terminated', async () => {
    const database = await createTestDatabase();
    const storage = await openLedgerStorage({
      databaseUrl: database.connectionString,
      dataDir: '.data',
      migrations: [projectionMigrations],
      poolSize: 4,
    });
    const controller = new AbortController();
    const worker = runProjectionWorker(storage, allProjections, controller.signal, quiet);
    try {
      await seedLedger(storage.ledger, 2, 1);
      await caughtUp(storage, 20_000);

      expect(await terminateAll(database.name)).toBeGreaterThan(0);
      await seedLedger(storage.ledger, 2, 1).catch(async () => {
        // A pooled connection may have been mid-query; the retry uses a fresh one.
        await seedLedger(storage.ledger, 2, 1);
      });
      await caughtUp(storage, 20_000);
    } finally {
      controller.abort();
      await worker;
      await storage.close();
      await database.close();
    }
  });
});
