import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedger,
  ledgerMigrations,
  PostgresEventStore,
  START_POSITION,
  type RecordedEvent,
} from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { generationSharesProjection } from '../generation-shares/generation-shares.projection';
import { projectionMigrations } from '../migrations';
import { seedLedger } from '../testing/seed-ledger';
import { applyBatch, CheckpointMovedError } from './apply-batch';
import { loadLiveCheckpoint } from './checkpoints';
import { installMissingProjections } from './ensure-projections';

/** A batch with none of the projection's event types moves its checkpoint in one round trip. */
describe('applyBatch with nothing to apply', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let batch: RecordedEvent[];

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    await installMissingProjections(database.pool, [generationSharesProjection]);
    await seedLedger(createLedger(store), 1, 1);
    batch = (await store.readAll(START_POSITION, 1_000)).filter(
      (event) => !generationSharesProjection.eventTypes.has(event.type),
    );
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  const live = async () => (await loadLiveCheckpoint(database.pool, 'generation_shares'))!;
  const openTransactions = async () =>
    (
      await database.pool.query<{ count: string }>(
        `SELECT count(*) FROM pg_stat_activity
         WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      )
    ).rows[0]!.count;

  it('moves the checkpoint to the end of the batch and applies nothing', async () => {
    expect(batch.length).toBeGreaterThan(0);
    const before = await live();
    expect(before.position).toEqual(START_POSITION);
    const target = { projection: generationSharesProjection, version: before.version };
    const position = await applyBatch(
      database.pool,
      { ...target, position: before.position },
      batch,
    );
    expect(position).toEqual(batch[batch.length - 1]!.position);
    const after = await live();
    expect(after.position).toEqual(position);
    expect(after.eventsApplied).toBe(before.eventsApplied);
    expect(await openTransactions()).toBe('0');
  });

  it('refuses a checkpoint that moved under it, and changes nothing', async () => {
    const moved = await live();
    const stale = { projection: generationSharesProjection, version: moved.version };
    await expect(
      applyBatch(database.pool, { ...stale, position: START_POSITION }, batch),
    ).rejects.toBeInstanceOf(CheckpointMovedError);
    expect((await live()).position).toEqual(moved.position);
    expect(await openTransactions()).toBe('0');
  });
});
