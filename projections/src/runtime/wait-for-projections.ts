import { comparePositions, type GlobalPosition } from '@app/ledger';
import type pg from 'pg';
import { loadCheckpoints } from './checkpoints';
import type { CheckpointWatch } from './checkpoint-watch';
import { accountSnapshotCacheOf } from '../account-snapshot/snapshot-cache';

/**
 * Read-your-writes across processes: checks the live checkpoints until every named projection has
 * applied the log up to `position`, again each time `watch` hears one of them move (else, or when
 * it is not listening, after a back-off of 5, 10, 20 … 100 ms). Returns false on timeout (the
 * caller decides what to do).
 */
export async function waitForProjections(
  pool: pg.Pool,
  position: GlobalPosition,
  names: readonly string[],
  timeoutMs = 5_000,
  watch?: CheckpointWatch,
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
    const left = deadline - Date.now();
    if (watch) {
      if (left <= 0) return false;
      await watch.nextMove(names, delay, left);
    } else {
      if (delay > left) return false;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
