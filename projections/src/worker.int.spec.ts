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
    const pids = rows.map((row) => row.pid);
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    // pg_terminate_backend only signals: wait until the backends are gone and their sockets closed.
    for (let tries = 0; ; tries++) {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1)', [
        pids,
      ]);
      if (rowCount === 0) break;
      if (tries > 500) throw new Error('terminated backends did not go away');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return rows.length;
  } finally {
    await admin.end();
  }
}

async function seedAfterCut(storage: LedgerStorage) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await seedLedger(storage.ledger, 2, 1);
    } catch (error) {
      if (attempt > 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
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
      // Every idle pooled client is now dead; the pool drops each one only when it hands it out
      // or its socket error arrives, so the first commands may fail until the pool is fresh.
      await seedAfterCut(storage);
      await caughtUp(storage, 20_000);
    } finally {
      controller.abort();
      await worker;
      await storage.close();
      await database.close();
    }
  });
});
