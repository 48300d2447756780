import type { GlobalPosition } from '@app/ledger';
import { waitForProjections, type ProjectionRunner } from '@app/projections';
import type pg from 'pg';

/** Read-your-writes: a mutation returns once the read models have seen its events. */
export interface ProjectionsGate {
  waitFor(position: GlobalPosition | null): Promise<boolean>;
}

export function inProcessGate(runner: ProjectionRunner, timeoutMs: number): ProjectionsGate {
  return {
    waitFor: (position) => (position ? runner.waitFor(position, timeoutMs) : Promise.resolve(true)),
  };
}

/** When a separate worker runs the projections, poll their live checkpoints. */
export function pollingGate(
  pool: pg.Pool,
  names: readonly string[],
  timeoutMs: number,
): ProjectionsGate {
  return {
    waitFor: (position) =>
      position ? waitForProjections(pool, position, names, timeoutMs) : Promise.resolve(true),
  };
}
