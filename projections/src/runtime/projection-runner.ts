import { EventEmitter } from 'node:events';
import {
  comparePositions,
  formatPosition,
  START_POSITION,
  type EventStore,
  type GlobalPosition,
  scrubText,
  type Logger,
  type RecordedEvent,
} from '@app/ledger';
import type pg from 'pg';
import { applyBatch, CheckpointMovedError } from './apply-batch';
import { ACCOUNT_SNAPSHOT_CHANNEL } from '../account-snapshot/change-notice';
import { accountSnapshotCacheOf } from '../account-snapshot/snapshot-cache';
import { traceBatch } from './trace-batch';
import { loadCheckpoints, recordCheckpointError } from './checkpoints';
import type { Projection } from './projection';

export interface ProjectionRunnerOptions {
  readonly batchSize?: number;
  /** Longest sleep when the log is quiet; appends in this process (or NOTIFY) wake it sooner. */
  readonly idleMs?: number;
  readonly logger?: Pick<Logger, 'warn' | 'error'>;
}

interface Target {
  projection: Projection;
  version: number;
  position: GlobalPosition;
  /** After a failure the projection waits until then before it is tried again. */
  retryAt: number;
  failures: number;
}

/**
 * Keeps every live read model up to date: reads `$all` once for all of them, from the lowest
 * checkpoint, and applies each batch per projection in its own transaction with its checkpoint.
 */
export class ProjectionRunner {
  private readonly events = new EventEmitter();
  private readonly batchSize: number;
  private readonly idleMs: number;
  private targets: Target[] = [];
  private stepping: Promise<unknown> = Promise.resolve();
  private controller: AbortController | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly projections: readonly Projection[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1_000;
    this.idleMs = options.idleMs ?? 500;
    this.events.setMaxListeners(0);
  }

  start(): void {
    if (this.loop) return;
    this.controller = new AbortController();
    const signal = this.controller.signal;
    this.loop = (async () => {
      while (!signal.aborted) {
        try {
          const applied = await this.step();
          if (!applied) await this.store.waitForAppend(this.idleMs, signal);
        } catch (error) {
          this.options.logger?.error({ err: error }, 'projection runner step failed');
          await sleep(1_000, signal);
        }
      }
    })();
  }

  async stop(): Promise<void> {
    this.controller?.abort();
    await this.loop;
    this.loop = null;
  }

  /** Runs until every live projection has reached the head of the log (for tests and tools). */
  async runUntilCaughtUp(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const applied = await this.step();
      if (!applied && this.targets.every((target) => target.retryAt === 0)) return;
      if (Date.now() > deadline) throw new Error('projections did not catch up in time');
      if (!applied) await sleep(50);
    }
  }

  /** Live checkpoints as this runner last wrote them. */
  positions(): ReadonlyMap<string, GlobalPosition> {
    return new Map(this.targets.map((target) => [target.projection.name, target.position]));
  }

  /**
   * Resolves once the named live projections (every one when `names` is absent) have applied the
   * log up to `position`, or times out. A caller names the read models its answer reads, so a slow
   * or failing unrelated projection does not hold it up.
   */
  async waitFor(
    position: GlobalPosition,
    timeoutMs: number,
    names?: readonly string[],
  ): Promise<boolean> {
    const reached = () => {
      if (this.targets.length === 0) return false;
      const waitedFor = names
        ? names.map((name) => this.targets.find((target) => target.projection.name === name))
        : this.targets;
      return waitedFor.every(
        (target) => target !== undefined && comparePositions(target.position, position) >= 0,
      );
    };
    if (reached()) return true;
    return new Promise((resolve) => {
      const check = () => {
        if (!reached()) return;
        cleanup();
        resolve(true);
      };
      const timer = setTimeout(() => {
        cleanup();
        resolve(reached());
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.events.off('advanced', check);
      };
      this.events.on('advanced', check);
    });
  }

  /** Steps never overlap: the background loop and runUntilCaughtUp may both ask for one. */
  private step(): Promise<boolean> {
    const next = this.stepping.then(() => this.stepOnce());
    this.stepping = next.catch(() => undefined);
    return next;
  }

  /** One read and one apply per projection. Returns whether anything was read. */
  private async stepOnce(): Promise<boolean> {
    await this.refreshTargets();
    const now = Date.now();
    const ready = this.targets.filter((target) => target.retryAt <= now);
    if (ready.length === 0) return false;
    const from = ready.reduce(
      (lowest, target) =>
        comparePositions(target.position, lowest) < 0 ? target.position : lowest,
      ready[0]!.position,
    );
    const batch = await this.store.readAll(from, this.batchSize);
    if (batch.length === 0) return false;
    // Each projection applies on its own connection, so their Postgres work overlaps; waiters
    // hear of each one as it commits, not only when the slowest has.
    await Promise.all(
      ready.map(async (target) => {
        await this.applyTo(target, batch);
        this.events.emit('advanced');
      }),
    );
    return true;
  }

  private async applyTo(target: Target, batch: readonly RecordedEvent[]) {
    try {
      target.position = await traceBatch(target, batch, () =>
        applyBatch(this.pool, target, batch, {
          // This process's cache forgets before read-your-writes waiters wake (NOTIFY may lag).
          announce: (users) =>
            target.projection.changeNotice?.channel === ACCOUNT_SNAPSHOT_CHANNEL &&
            accountSnapshotCacheOf(this.pool)?.forgetUsers(users),
        }),
      );
      target.failures = 0;
      target.retryAt = 0;
    } catch (error) {
      if (error instanceof CheckpointMovedError) {
        this.targets = []; // reload checkpoints on the next step
        return;
      }
      target.failures += 1;
      target.retryAt = Date.now() + Math.min(30_000, 500 * 2 ** target.failures);
      const message = error instanceof Error ? error.message : String(error);
      this.options.logger?.warn(
        {
          projection: target.projection.name,
          version: target.version,
          position: formatPosition(target.position),
          err: scrubText(message),
        },
        'projection failed; retrying later',
      );
      await recordCheckpointError(this.pool, target.projection.name, target.version, message).catch(
        () => undefined,
      );
    }
  }

  /** Picks up live versions written by this code; a newly swapped version replaces the old. */
  private async refreshTargets() {
    if (this.targets.length > 0 && this.targets.length === this.projections.length) return;
    const live = await loadCheckpoints(this.pool, ['live']);
    const previous = new Map(this.targets.map((t) => [`${t.projection.name}:${t.version}`, t]));
    this.targets = this.projections.flatMap((projection) => {
      const checkpoint = live.find(
        (row) => row.name === projection.name && row.schemaVersion === projection.version,
      );
      if (!checkpoint) return [];
      const kept = previous.get(`${projection.name}:${checkpoint.version}`);
      return [
        {
          projection,
          version: checkpoint.version,
          position: checkpoint.position ?? START_POSITION,
          retryAt: kept?.retryAt ?? 0,
          failures: kept?.failures ?? 0,
        },
      ];
    });
  }

  /** Forces a reload of checkpoints (after a swap). */
  invalidate() {
    this.targets = [];
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
