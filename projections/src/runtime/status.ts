import type { EventStore, GlobalPosition } from '@app/ledger';
import type pg from 'pg';
import { abandonedBuilds } from './build-lease';
import { loadCheckpoints, type CheckpointStatus } from './checkpoints';
import { secondsBehind } from './log-stats';
import type { Projection } from './projection';

export interface ProjectionStatus {
  name: string;
  version: number;
  schemaVersion: number;
  /** Whether this version was written by the projection code now running. */
  current: boolean;
  /** `abandoned`: building, but its process is gone; the next rebuild or worker start drops it. */
  status: CheckpointStatus | 'abandoned';
  checkpoint: GlobalPosition;
  head: GlobalPosition | null;
  eventsBehind: number;
  secondsBehind: number;
  eventsApplied: number;
  buildTarget: number | null;
  lastError: string | null;
  updatedAt: Date;
}

/** Every live and building (or abandoned) version with its lag behind the head of the log. */
export async function projectionStatus(
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Projection[],
): Promise<ProjectionStatus[]> {
  const [checkpoints, head, abandoned] = await Promise.all([
    loadCheckpoints(pool, ['live', 'building']),
    store.headPosition(),
    abandonedBuilds(pool),
  ]);
  const isAbandoned = (name: string, version: number) =>
    abandoned.some((build) => build.name === name && build.version === version);
  const now = new Date();
  const statuses: ProjectionStatus[] = [];
  for (const checkpoint of checkpoints) {
    const code = projections.find((p) => p.name === checkpoint.name);
    statuses.push({
      name: checkpoint.name,
      version: checkpoint.version,
      schemaVersion: checkpoint.schemaVersion,
      current: code?.version === checkpoint.schemaVersion,
      status: isAbandoned(checkpoint.name, checkpoint.version) ? 'abandoned' : checkpoint.status,
      checkpoint: checkpoint.position,
      head,
      eventsBehind: await store.countEventsAfter(checkpoint.position),
      secondsBehind: await secondsBehind(store, checkpoint.position, now),
      eventsApplied: checkpoint.eventsApplied,
      buildTarget: checkpoint.buildTarget,
      lastError: checkpoint.lastError,
      updatedAt: checkpoint.updatedAt,
    });
  }
  return statuses;
}
