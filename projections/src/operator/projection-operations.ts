import type { EventStore } from '@app/ledger';
import type pg from 'pg';
import { dropAbandonedBuilds } from '../runtime/build-lease';
import { loadCheckpoints } from '../runtime/checkpoints';
import type { Projection } from '../runtime/projection';
import type { ProjectionRunner } from '../runtime/projection-runner';
import {
  discardVersion,
  rebuildProjection,
  rebuildProjections,
  type RebuildProgress,
} from '../runtime/rebuild';
import { projectionStatus, type ProjectionStatus } from '../runtime/status';

export interface PrunedVersion {
  readonly name: string;
  readonly version: number;
  /** Retired by a swap, or a build whose process died before its swap. */
  readonly was: 'retired' | 'abandoned';
}

/** What operators can do to projections, whoever asks (CLI, operator HTTP, staff console). */
export class ProjectionOperations {
  private readonly running = new Map<string, RebuildProgress>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
    /** The in-process runner, told to pick up a swapped version at once. */
    private readonly runner?: ProjectionRunner,
  ) {}

  status(): Promise<ProjectionStatus[]> {
    return projectionStatus(this.pool, this.store, this.projections);
  }

  /** Rebuilds currently in progress in this process, with their latest progress. */
  rebuildsInProgress(): RebuildProgress[] {
    return [...this.running.values()];
  }

  async rebuild(name: string, onProgress?: (progress: RebuildProgress) => void) {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new UnknownProjectionError(name, this.projections);
    if (this.running.has(name)) throw new Error(`A rebuild of ${name} is already running`);
    this.running.set(name, { name, version: 0, phase: 'filling', applied: 0, target: 0 });
    try {
      const result = await rebuildProjection(this.pool, this.store, projection, {
        onProgress: (progress) => {
          this.running.set(name, progress);
          onProgress?.(progress);
        },
      });
      this.runner?.invalidate();
      return result;
    } finally {
      this.running.delete(name);
    }
  }

  /** Replays the whole log into a new version of every projection, in one pass over the log. */
  async replayAll(onProgress?: (progress: RebuildProgress) => void) {
    const busy = this.projections.find((p) => this.running.has(p.name));
    if (busy) throw new Error(`A rebuild of ${busy.name} is already running`);
    for (const projection of this.projections) {
      this.running.set(projection.name, {
        name: projection.name,
        version: 0,
        phase: 'filling',
        applied: 0,
        target: 0,
      });
    }
    try {
      const results = await rebuildProjections(this.pool, this.store, this.projections, {
        onProgress: (progress) => {
          for (const projection of this.projections) this.running.set(projection.name, progress);
          onProgress?.(progress);
        },
      });
      this.runner?.invalidate();
      return results;
    } finally {
      for (const projection of this.projections) this.running.delete(projection.name);
    }
  }

  /**
   * Drops the tables of retired versions (kept after a swap so an operator can compare) and of
   * builds whose process died (the same drop a rebuild or a worker start does).
   */
  async pruneRetired(): Promise<PrunedVersion[]> {
    const retired = await loadCheckpoints(this.pool, ['retired']);
    const dropped: PrunedVersion[] = [];
    for (const row of retired) {
      const projection = this.projections.find((p) => p.name === row.name);
      if (!projection) continue;
      await discardVersion(this.pool, projection, row.version);
      dropped.push({ name: row.name, version: row.version, was: 'retired' });
    }
    for (const build of await dropAbandonedBuilds(this.pool, this.projections))
      dropped.push({ ...build, was: 'abandoned' });
    return dropped;
  }
}

export class UnknownProjectionError extends Error {
  constructor(name: string, projections: readonly Projection[]) {
    super(`No projection named ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
    this.name = 'UnknownProjectionError';
  }
}
