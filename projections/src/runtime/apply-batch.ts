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

/** A NOTIFY payload is limited to 8000 bytes: user ids go in groups well under it. */
const KEYS_PER_NOTICE = 150;

/** Tells the processes caching this read model which keys the batch changed (at commit). */
async function announceChanges(
  client: pg.PoolClient,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<readonly string[]> {
  const notice = projection.changeNotice;
  if (!notice) return [];
  const keys = [...new Set(notice.keysOf(events))];
  for (let start = 0; start < keys.length; start += KEYS_PER_NOTICE) {
    await client.query('SELECT pg_notify($1, $2)', [
      notice.channel,
      keys.slice(start, start + KEYS_PER_NOTICE).join(','),
    ]);
  }
  return keys;
}

/**
 * Applies the events of `batch` after the target's checkpoint and moves the checkpoint to the end
 * of the batch, all in one transaction. Returns the new position.
 */
export async function applyBatch(
  pool: pg.Pool,
  target: BatchTarget,
  batch: readonly RecordedEvent[],
  /**
   * Live batches announce the keys they changed (NOTIFY, and to this process after the commit);
   * a rebuild's tables are not read until its swap.
   */
  options: { announce?: (changedKeys: readonly string[]) => void } = {},
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
    const advance = advanceCheckpointSql(
      client,
      { name: target.projection.name, version: target.version },
      target.position,
      last.position,
      relevant.length,
    );
    if (relevant.length === 0) {
      // Nothing to apply: the same round trip commits. Its transaction then holds an id (and so
      // the log's visibility horizon, which every reader of $all waits behind) only while the
      // server runs it, not across a round trip. A checkpoint that moved under us updates no row,
      // so committing changes nothing.
      const done = (await client.query(
        `BEGIN; SET LOCAL synchronous_commit = off; ${advance}; COMMIT`,
      )) as unknown as pg.QueryResult[];
      if (done[done.length - 2]?.rowCount !== 1)
        throw new CheckpointMovedError(target.projection.name, target.version);
      return last.position;
    }
    const opened = (await client.query(
      `BEGIN; SET LOCAL synchronous_commit = off; ${advance}`,
    )) as unknown as pg.QueryResult[];
    if (opened[opened.length - 1]?.rowCount !== 1)
      throw new CheckpointMovedError(target.projection.name, target.version);
    await target.projection.apply(client, relevant, tableNamesFor(target.version));
    const changedKeys = options.announce
      ? await announceChanges(client, target.projection, relevant)
      : [];
    await client.query('COMMIT');
    if (changedKeys.length > 0) options.announce?.(changedKeys);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return last.position;
}
