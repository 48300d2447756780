import {
  PostgresEventStore,
  withTransaction,
  type EventStore,
  type GlobalPosition,
} from '@app/ledger';
import type pg from 'pg';
import { advanceCheckpoint, advanceCheckpointSql } from './checkpoints';
import { catchUp, type CatchUpTarget } from './catch-up';
import { CheckpointMovedError } from './apply-batch';
import { bulkFillTypes, FILL_SETTINGS, parametersOf } from './fill-settings';
import { jointFillJobs, jointFillsAmong } from './joint-bulk-fill';
import { runLongestFirst, type Job } from './longest-first';
import { tableNamesFor, type Projection } from './projection';

/**
 * The events a bulk fill folds: those of `$3` (types) up to and including the position
 * `($1, $2)`, which the caller took below the visibility horizon (every transaction up to it has
 * ended, so the set is fixed).
 */
export const BULK_EVENTS_WHERE = `(transaction_id, global_position) <= ($1::text::xid8, $2::bigint)
  AND type = ANY($3::text[])`;

export interface BulkFillTarget {
  readonly projection: Projection;
  readonly version: number;
}

/** How many events of each type lie at or before `upTo` (what each bulk fill folds). */
export async function countEventsByType(
  pool: pg.Pool,
  upTo: GlobalPosition,
): Promise<Map<string, number>> {
  const result = await pool.query<{ type: string; n: string }>(
    `SELECT type, count(*)::text AS n FROM events
     WHERE (transaction_id, global_position) <= ($1::text::xid8, $2::bigint) GROUP BY type`,
    [upTo.commit.toString(), upTo.prepare.toString()],
  );
  return new Map(result.rows.map((row) => [row.type, Number(row.n)]));
}

/** The log up to a head: the head, and how many events of each type lie at or before it. */
export interface LogCensus {
  readonly head: GlobalPosition;
  readonly counts: ReadonlyMap<string, number>;
  /** All of them: what a rebuild from the start reads. */
  readonly total: number;
}

/**
 * The census a bulk fill needs, or null when there is nothing to fill from (the log is in another
 * database, or empty). One scan of the log: a rebuild takes its progress target from the total
 * instead of counting the log a second time.
 */
export async function takeLogCensus(pool: pg.Pool, store: EventStore): Promise<LogCensus | null> {
  if (!(store instanceof PostgresEventStore) || !store.readsFrom(pool)) return null;
  const head = await store.headPosition();
  if (!head) return null;
  const counts = await countEventsByType(pool, head);
  return { head, counts, total: [...counts.values()].reduce((sum, n) => sum + n, 0) };
}

/**
 * Fills an empty new version from the start of the log to `upTo` with the projection's set-wise
 * SQL, and moves its checkpoint there, in one transaction (the same compare-and-set as a batch).
 * `applied` is how many events of its types lie up to `upTo` (the census's count).
 */
export async function bulkFill(
  pool: pg.Pool,
  target: BulkFillTarget,
  start: GlobalPosition,
  upTo: GlobalPosition,
  applied: number,
): Promise<GlobalPosition> {
  const fill = target.projection.bulkFill;
  if (!fill) throw new Error(`${target.projection.name} has no bulk fill`);
  const checkpoint = { name: target.projection.name, version: target.version };
  const scope = [
    upTo.commit.toString(),
    upTo.prepare.toString(),
    bulkFillTypes(target.projection.eventTypes),
  ];
  await withTransaction(pool, async (client) => {
    const opened = (await client.query(
      `${FILL_SETTINGS}; ${advanceCheckpointSql(client, checkpoint, start, upTo, applied)}`,
    )) as unknown as pg.QueryResult[];
    if (opened[opened.length - 1]?.rowCount !== 1)
      throw new CheckpointMovedError(checkpoint.name, checkpoint.version);
    // None of its events up to the head (the census counted them): its tables stay empty, and
    // the statements would only scan the log for nothing.
    if (applied === 0) return;
    for (const sql of fill(tableNamesFor(target.version)))
      await client.query(sql, parametersOf(sql, scope));
  });
  return upTo;
}

/** Folds the events of the targets' types up to `head` in batches, then moves every target to `head`. */
async function foldUpTo(
  pool: pg.Pool,
  store: PostgresEventStore,
  targets: readonly CatchUpTarget[],
  head: GlobalPosition,
  batchSize: number,
  onApplied: (events: number) => void,
) {
  const types = [...new Set(targets.flatMap((t) => [...t.projection.eventTypes]))];
  await catchUp(
    pool,
    (after, limit) => store.readTypesUpTo(after, head, types, limit),
    targets,
    batchSize,
    onApplied,
  );
  for (const target of targets) {
    await withTransaction(pool, async (client) => {
      const moved = await advanceCheckpoint(
        client,
        { name: target.projection.name, version: target.version },
        target.position,
        head,
        0,
      );
      if (!moved) throw new CheckpointMovedError(target.projection.name, target.version);
    });
    target.position = head;
  }
}

export interface FillOptions {
  /** How many fill statements and index builds run at once (default all). */
  readonly concurrency?: number;
  /** Work to start once a target holds the log up to the head (its index builds). */
  readonly afterFill?: (target: CatchUpTarget) => readonly Job[];
  /** The log to fill from, when the caller has taken it already (takeLogCensus). */
  readonly census?: LogCensus | null;
}

/**
 * The first pass over the log. When the log is in the same database, the projections that have a
 * set-wise bulk fill are filled by Postgres up to the current head (one statement per table, on
 * connections of their own; projections that share a joint fill and are all built here, by it),
 * the costliest first and at most `concurrency` at once, each target's `afterFill` work queued as
 * soon as its fill commits; meanwhile the others fold the log batch by batch here (their
 * `afterFill` work after that). Everything after the head then goes through the batches as
 * before. Here the batches read only the events of the types the remaining projections fold (a
 * projection skips other events anyway). Returns false when it filled nothing (the log is
 * elsewhere, or empty) and so ran no `afterFill`.
 */
export async function fillFromStart(
  pool: pg.Pool,
  store: EventStore,
  builds: readonly CatchUpTarget[],
  batchSize: number,
  onApplied: (events: number) => void,
  options: FillOptions = {},
): Promise<boolean> {
  const census = options.census === undefined ? await takeLogCensus(pool, store) : options.census;
  // (A census is only taken of a Postgres log in this database.)
  if (!census || !(store instanceof PostgresEventStore)) return false;
  const { head, counts } = census;
  const afterFill = options.afterFill ?? (() => []);
  const bulk = builds.filter((b) => b.projection.bulkFill);
  const folded = (build: CatchUpTarget) =>
    [...build.projection.eventTypes].reduce((sum, type) => sum + (counts.get(type) ?? 0), 0);
  const rest = builds.filter((b) => !bulk.includes(b));
  let read = 0;
  const countRead = (events: number) => {
    read += events;
    onApplied(events);
  };
  const joint = jointFillsAmong(bulk);
  const jointly = new Set(joint.flatMap((plan) => plan.targets));
  const jobs: Job[] = [
    ...joint.flatMap((plan) =>
      jointFillJobs(pool, plan, head, folded, () => plan.targets.flatMap(afterFill)),
    ),
    ...bulk
      .filter((build) => !jointly.has(build))
      .map((build): Job => ({
        cost: build.projection.bulkFillCost ?? 0,
        run: async () => {
          build.position = await bulkFill(pool, build, build.position, head, folded(build));
          return afterFill(build);
        },
      })),
  ];
  // The batch fold runs beside the queue: most of its time is this process and the round trips.
  const results = await Promise.allSettled([
    runLongestFirst(jobs, options.concurrency ?? Infinity),
    rest.length > 0
      ? foldUpTo(pool, store, rest, head, batchSize, countRead).then(() =>
          runLongestFirst(rest.flatMap(afterFill), options.concurrency ?? Infinity),
        )
      : Promise.resolve(),
  ]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  // Progress counts the log up to the head as passed, read here or not.
  onApplied(census.total - read);
  return true;
}
