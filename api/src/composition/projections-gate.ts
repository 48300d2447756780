import type { GlobalPosition } from '@app/ledger';
import { waitForProjections, type CheckpointWatch, type ProjectionRunner } from '@app/projections';
import type pg from 'pg';

/** Read-your-writes: a mutation returns once the read models have seen its events. */
export interface ProjectionsGate {
  /**
   * Waits until the read models named (every live one when `readModels` is absent) have applied
   * the log up to `position`.
   */
  waitFor(position: GlobalPosition | null, readModels?: readonly string[]): Promise<boolean>;
}

export function inProcessGate(runner: ProjectionRunner, timeoutMs: number): ProjectionsGate {
  return {
    waitFor: (position, readModels) =>
      position ? runner.waitFor(position, timeoutMs, readModels) : Promise.resolve(true),
  };
}

/**
 * When a separate worker runs the projections: their live checkpoints, checked again whenever
 * `watch` hears one move (polled while it is not listening).
 */
export function checkpointGate(
  pool: pg.Pool,
  names: readonly string[],
  timeoutMs: number,
  watch?: CheckpointWatch,
): ProjectionsGate {
  return {
    waitFor: (position, readModels) =>
      position
        ? waitForProjections(pool, position, readModels ?? names, timeoutMs, watch)
        : Promise.resolve(true),
  };
}
