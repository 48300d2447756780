import { comparePositions, type GlobalPosition, type RecordedEvent } from '@app/ledger';
import type pg from 'pg';
import { applyBatch } from './apply-batch';
import type { Projection } from './projection';

/** A version being filled: its position moves as batches commit. */
export interface CatchUpTarget {
  readonly projection: Projection;
  readonly version: number;
  position: GlobalPosition;
}

/**
 * Reads from the furthest-behind build until the log is drained, applying each batch to all.
 * Pipelined: while Postgres applies one batch, the next is read and decoded; each projection
 * still applies its batches in order (a chain per projection), and at most two are pending.
 */
export async function catchUp(
  pool: pg.Pool,
  read: (after: GlobalPosition, limit: number) => Promise<RecordedEvent[]>,
  targets: readonly CatchUpTarget[],
  batchSize: number,
  onApplied: (events: number) => void,
): Promise<void> {
  const lowest = () =>
    targets.reduce(
      (low, b) => (comparePositions(b.position, low) < 0 ? b.position : low),
      targets[0]!.position,
    );
  const chains = new Map<CatchUpTarget, Promise<void>>(targets.map((b) => [b, Promise.resolve()]));
  const pending: Promise<unknown>[] = [];
  let next = read(lowest(), batchSize);
  try {
    for (;;) {
      const batch = await next;
      const last = batch[batch.length - 1];
      if (!last) break;
      next = read(last.position, batchSize);
      const appliedToAll = Promise.all(
        targets.map((build) => {
          const chained = chains.get(build)!.then(async () => {
            build.position = await applyBatch(pool, build, batch);
          });
          chains.set(build, chained);
          return chained;
        }),
      ).then(() => onApplied(batch.length));
      pending.push(appliedToAll);
      if (pending.length >= 2) await pending.shift();
    }
    await Promise.all(pending);
  } finally {
    next.catch(() => undefined);
    for (const chain of chains.values()) chain.catch(() => undefined);
  }
}
