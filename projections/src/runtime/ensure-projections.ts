import type { EventStore } from '@app/ledger';
import type pg from 'pg';
import { dropAbandonedBuilds } from './build-lease';
import { loadCheckpoints } from './checkpoints';
import type { Projection } from './projection';
import { installProjection, rebuildProjections, type RebuildOptions } from './rebuild';

/**
 * Gives every projection a live version written by the current code: installs missing ones and
 * returns the ones whose live version was built by older code (they need a blue/green rebuild).
 */
export async function installMissingProjections(
  pool: pg.Pool,
  projections: readonly Projection[],
): Promise<Projection[]> {
  for (const projection of projections) await installProjection(pool, projection);
  const live = await loadCheckpoints(pool, ['live']);
  return projections.filter(
    (projection) =>
      live.find((row) => row.name === projection.name)?.schemaVersion !== projection.version,
  );
}

/**
 * Drops the builds a dead process left behind, installs missing projections and rebuilds stale
 * ones, one after another.
 */
export async function ensureProjections(
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<void> {
  await dropAbandonedBuilds(pool, projections);
  const stale = await installMissingProjections(pool, projections);
  await rebuildProjections(pool, store, stale, options);
}
