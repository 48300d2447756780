import {
  comparePositions,
  withTransaction,
  type GlobalPosition,
  type RecordedEvent,
} from '@app/ledger';
import type pg from 'pg';
import { advanceCheckpoint } from './checkpoints';
import { tableNamesFor, type Projection } from './projection';

export class CheckpointMovedError extends Error {
  constructor(name: string, version: number) {
    super(`Checkpoint of ${name} v${version} moved under us (another runner?)`);
    this.name = 'CheckpointMovedError';
  }
}

export interface BatchTarget {
  readonly projection: Projection;
  readonly version: number;
  readonly position: GlobalPosition;
}

/**
 * Applies the events of `batch` after the target's checkpoint and moves the checkpoint to the end
 * of the batch, all in one transaction. Returns the new position.
 */
export async function applyBatch(
  pool: pg.Pool,
  target: BatchTarget,
  batch: readonly RecordedEvent[],
): Promise<GlobalPosition> {
  const last = batch[batch.length - 1];
  if (!last || comparePositions(last.position, target.position) <= 0) return target.position;
  const relevant = batch.filter(
    (event) =>
      comparePositions(event.position, target.position) > 0 &&
      target.projection.eventTypes.has(event.type),
  );
  await withTransaction(pool, async (client) => {
    // Read models are rebuildable and the checkpoint commits with them: a crash can only lose
    // both together, and the runner re-applies from the log. No need to wait for the WAL flush.
    await client.query('SET LOCAL synchronous_commit = off');
    const moved = await advanceCheckpoint(
      client,
      { name: target.projection.name, version: target.version },
      target.position,
      last.position,
      relevant.length,
    );
    if (!moved) throw new CheckpointMovedError(target.projection.name, target.version);
    if (relevant.length > 0) {
      await target.projection.apply(client, relevant, tableNamesFor(target.version));
    }
  });
  return last.position;
}
