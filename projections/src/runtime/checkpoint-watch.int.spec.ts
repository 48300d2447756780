import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedger,
  creditStreamId,
  ledgerMigrations,
  migrate,
  openDatabase,
  PostgresEventStore,
  START_POSITION,
  type Database,
  type GlobalPosition,
  type Ledger,
} from '@app/ledger';
import { createScratchDatabase, type ScratchDatabase } from '@app/ledger/testing/scratch-database';
import { creditBalancesProjection } from '../credit-balances/credit-balances.projection';
import { creditHistoryProjection } from '../credit-history/credit-history.projection';
import { projectionMigrations } from '../migrations';
import { CheckpointWatch } from './checkpoint-watch';
import { advanceCheckpoint } from './checkpoints';
import { installMissingProjections } from './ensure-projections';
import { ProjectionRunner } from './projection-runner';
import { waitForProjections } from './wait-for-projections';

const serverUrl = process.env.DATABASE_URL;
const projections = [creditBalancesProjection, creditHistoryProjection];
const names = projections.map((p) => p.name);

// Two processes as production runs them: the worker applies batches on its own pool, the API waits
// on another and hears the worker's checkpoints move over LISTEN.
describe.skipIf(!serverUrl)('read-your-writes across processes, woken by the worker', () => {
  let scratch: ScratchDatabase;
  let worker: Database;
  let api: Database;
  let ledger: Ledger;
  let store: PostgresEventStore;
  let grants = 0;

  const grant = async (): Promise<GlobalPosition> => {
    grants++;
    const { position } = await ledger.credits.handle(
      creditStreamId('user-1'),
      {
        type: 'GrantCredits',
        data: {
          userId: 'user-1',
          grantId: `g-${grants}`,
          amount: 10,
          source: 'goodwill',
          expiresAt: null,
        },
      },
      {
        now: new Date('2026-01-01T00:00:00Z'),
        actor: { kind: 'system', id: 'test' },
        reason: 'test',
        correlationId: 'test',
        idempotencyKey: `grant-${grants}`,
      },
    );
    if (!position) throw new Error('the grant appended nothing');
    return position;
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'checkpoint_watch');
    worker = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
    api = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    await migrate(worker.pool, [ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(worker.pool);
    ledger = createLedger(store);
    await installMissingProjections(worker.pool, projections);
  });
  afterAll(async () => {
    await store.close();
    await worker.close();
    await api.close();
    await scratch.drop();
  });

  it('a waiter wakes when the batch commits, with no poll to wake it', async () => {
    // The only check besides the first is the fallback, an hour away: only a notification can answer.
    const watch = new CheckpointWatch(scratch.url, undefined, 3_600_000);
    await watch.start();
    try {
      const position = await grant();
      const waited = waitForProjections(api.pool, position, names, 3_600_000, watch);
      await new Promise((resolve) => setTimeout(resolve, 50)); // it has checked once and sleeps
      await new ProjectionRunner(worker.pool, store, projections).runUntilCaughtUp();
      const unanswered = new Promise((resolve) => setTimeout(() => resolve('unanswered'), 15_000));
      expect(await Promise.race([waited, unanswered])).toBe(true);
    } finally {
      await watch.close();
    }
  });

  it('a building version moving is not announced; a live one is, with its position', async () => {
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: scratch.url });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN projection_checkpoints');
    try {
      const position = await grant();
      await new ProjectionRunner(worker.pool, store, projections).runUntilCaughtUp();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const expected = `${position.commit} ${position.prepare}`;
      expect(heard.sort()).toEqual(names.map((name) => `${name} ${expected}`).sort());
      heard.length = 0;
      // A version being built (nobody waits on it) moves silently.
      await worker.pool.query(
        `INSERT INTO projection_checkpoints (name, version, schema_version, status, build_target)
         VALUES ($1, 99, 1, 'building', 0)`,
        [creditHistoryProjection.name],
      );
      const client = await worker.pool.connect();
      try {
        const moved = await advanceCheckpoint(
          client,
          { name: creditHistoryProjection.name, version: 99 },
          START_POSITION,
          position,
          1,
        );
        expect(moved).toBe(true);
      } finally {
        client.release();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual([]);
    } finally {
      await listener.end();
    }
  });

  it('polls as before while the watch cannot listen', async () => {
    const deaf = new CheckpointWatch(
      'postgres://postgres@127.0.0.1:1/nowhere',
      undefined,
      3_600_000,
    );
    try {
      const position = await grant();
      const waited = waitForProjections(api.pool, position, names, 20_000, deaf);
      await new ProjectionRunner(worker.pool, store, projections).runUntilCaughtUp();
      expect(deaf.connected).toBe(false);
      expect(await waited).toBe(true);
    } finally {
      await deaf.close();
    }
  });
});
