import { comparePositions, type GlobalPosition, type RecordedEvent } from '@app/ledger';
import type pg from 'pg';
import { advanceCheckpointSql } from './checkpoints';
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
  const client = await pool.connect();
  try {
    // One round trip opens the transaction and moves the checkpoint (a replay applies thousands of
    // batches, and on a busy machine every round trip waits for the scheduler). Read models are
    // rebuildable and the checkpoint commits with them: a crash can only lose both together, and
    // the runner re-applies from the log. No need to wait for the WAL flush.
    const opened = (await client.query(
      `BEGIN; SET LOCAL synchronous_commit = off; ${advanceCheckpointSql(
        client,
        { name: target.projection.name, version: target.version },
        target.position,
        last.position,
        relevant.length,
      )}`,
    )) as unknown as pg.QueryResult[];
    if (opened[opened.length - 1]?.rowCount !== 1)
      throw new CheckpointMovedError(target.projection.name, target.version);
    if (relevant.length > 0) {
      await target.projection.apply(client, relevant, tableNamesFor(target.version));
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return last.position;
}
