import { comparePositions, type GlobalPosition } from '@app/ledger';
import type pg from 'pg';
import { loadCheckpoints } from './checkpoints';
import { accountSnapshotCacheOf } from '../account-snapshot/snapshot-cache';

/**
 * Read-your-writes across processes: polls the live checkpoints until every named projection has
 * applied the log up to `position`. Returns false on timeout (the caller decides what to do).
 */
export async function waitForProjections(
  pool: pg.Pool,
  position: GlobalPosition,
  names: readonly string[],
  timeoutMs = 5_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    const live = await loadCheckpoints(pool, ['live']);
    const reached = names.every((name) => {
      const row = live.find((checkpoint) => checkpoint.name === name);
      return row !== undefined && comparePositions(row.position, position) >= 0;
    });
    if (reached) {
      // Another process applied them: its NOTIFY may not have reached this one's cache yet.
      accountSnapshotCacheOf(pool)?.distrustEarlierReads();
      return true;
    }
    if (Date.now() + delay > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
