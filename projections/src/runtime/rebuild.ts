import { comparePositions, START_POSITION, withTransaction, type EventStore } from '@app/ledger';
import type pg from 'pg';
import { BuildLease, dropAbandonedBuilds } from './build-lease';
import { fillFromStart, takeLogCensus } from './bulk-fill';
import { catchUp, type CatchUpTarget } from './catch-up';
import { runLongestFirst, type Job } from './longest-first';
import { loadCheckpoint, loadLiveCheckpoint } from './checkpoints';
import {
  createIndexesSql,
  createTablesSql,
  dropTablesSql,
  swapViewsSql,
  type Projection,
} from './projection';

export interface RebuildProgress {
  readonly name: string;
  readonly version: number;
  readonly phase: 'filling' | 'indexing' | 'swapping' | 'done';
  readonly applied: number;
  readonly target: number;
}

export interface RebuildOptions {
  readonly batchSize?: number;
  readonly onProgress?: (progress: RebuildProgress) => void;
  /** How many times the swap may find the live version ahead before giving up. */
  readonly maxSwapAttempts?: number;
  /** Let Postgres fill the read models that have a bulk fill (default true; see fillFromStart). */
  readonly bulkFill?: boolean;
  /** How many bulk fill statements and index builds run at once (see FILL_CONCURRENCY). */
  readonly fillConcurrency?: number;
}

/**
 * Creates the first version of a projection that has none: empty tables, live at the start of the
 * log, views pointing at it. The runner then fills it. Returns false when a live version exists.
 */
export async function installProjection(pool: pg.Pool, projection: Projection): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `projection:${projection.name}`,
    ]);
    if (await loadLiveCheckpoint(client, projection.name)) return false;
    const version = await nextVersion(client, projection.name);
    for (const sql of [
      ...createTablesSql(projection, version),
      ...createIndexesSql(projection, version),
    ]) {
      await client.query(sql);
    }
    await client.query(
      `INSERT INTO projection_checkpoints (name, version, schema_version, status) VALUES ($1, $2, $3, 'live')`,
      [projection.name, version, projection.version],
    );
    for (const sql of swapViewsSql(projection, version)) await client.query(sql);
    return true;
  });
}

/**
 * A number no version of this projection had before, dropped ones included (the caller holds the
 * projection's lock). The checkpoints' maximum covers a database restored without the counters.
 */
async function nextVersion(client: pg.PoolClient, name: string): Promise<number> {
  const result = await client.query<{ next: number }>(
    `WITH highest AS (SELECT coalesce(max(version), 0) AS version FROM projection_checkpoints WHERE name = $1)
     INSERT INTO projection_version_counters AS counter (name, last_version)
     SELECT $1, version + 1 FROM highest
     ON CONFLICT (name) DO UPDATE
       SET last_version = greatest(counter.last_version, (SELECT version FROM highest)) + 1
     RETURNING last_version AS next`,
    [name],
  );
  return result.rows[0]!.next;
}

/**
 * Blue/green rebuild: fills `<table>_v<next>` from the start of the log while the live version keeps
 * serving, adds indexes, catches up, then swaps the views and the live flag in one transaction.
 */
export async function rebuildProjection(
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<{ version: number; applied: number }> {
  const [result] = await rebuildProjections(pool, store, [projection], options);
  return { version: result!.version, applied: result!.applied };
}

interface Building extends CatchUpTarget {
  swapped: boolean;
}

/**
 * A new version's empty tables and its checkpoint row, its build target not yet known: the log is
 * counted meanwhile (recordBuildTargets), and nothing waits for that inside this transaction (a
 * transaction held open would hold back what every reader of the log sees).
 */
async function startBuilding(
  pool: pg.Pool,
  lease: BuildLease,
  projection: Projection,
): Promise<Building> {
  const version = await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `projection:${projection.name}`,
    ]);
    const next = await nextVersion(client, projection.name);
    await lease.claim(projection.name, next);
    for (const sql of createTablesSql(projection, next)) await client.query(sql);
    await client.query(
      `INSERT INTO projection_checkpoints (name, version, schema_version, status)
       VALUES ($1, $2, $3, 'building')`,
      [projection.name, next, projection.version],
    );
    return next;
  });
  return { projection, version, position: START_POSITION, swapped: false };
}

/** What each build will have applied once it holds the log up to the head (its progress bar's end). */
async function recordBuildTargets(pool: pg.Pool, builds: readonly Building[], target: number) {
  await pool.query(
    `UPDATE projection_checkpoints AS c SET build_target = $3
     FROM unnest($1::text[], $2::int[]) AS b(name, version)
     WHERE c.name = b.name AND c.version = b.version`,
    [builds.map((b) => b.projection.name), builds.map((b) => b.version), target],
  );
}

/** Makes a built version live, if it has seen at least what the live one served. */
async function trySwap(pool: pg.Pool, building: Building): Promise<boolean> {
  const { projection, version } = building;
  return withTransaction(pool, async (client) => {
    const live = await loadLiveCheckpoint(client, projection.name, true);
    const row = await loadCheckpoint(client, projection.name, version, true);
    if (!row) throw new Error(`rebuild of ${projection.name} v${version} vanished`);
    if (live && comparePositions(row.position, live.position) < 0) return false;
    if (live) {
      await client.query(
        `UPDATE projection_checkpoints SET status = 'retired', updated_at = now() WHERE name = $1 AND version = $2`,
        [projection.name, live.version],
      );
    }
    await client.query(
      `UPDATE projection_checkpoints SET status = 'live', updated_at = now() WHERE name = $1 AND version = $2`,
      [projection.name, version],
    );
    for (const sql of swapViewsSql(projection, version)) await client.query(sql);
    return true;
  });
}

/**
 * Rebuilds several projections blue/green in one pass over the log: each batch is read once and
 * applied to every new version (each in its own transaction with its checkpoint), while the next
 * batch is already being read.
 */
export async function rebuildProjections(
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<{ name: string; version: number; applied: number }[]> {
  if (projections.length === 0) return [];
  await dropAbandonedBuilds(pool, projections);
  const batchSize = options.batchSize ?? 10_000;
  const bulkFill = options.bulkFill ?? true;
  // A fill counts the log by type anyway; its total is the progress target (one scan, not two).
  // Counted while the new versions' tables are made (their DDL mostly waits on locks and the WAL).
  const counting = bulkFill ? takeLogCensus(pool, store) : Promise.resolve(null);
  const counted = counting.then((census) =>
    census ? census.total : store.countEventsAfter(START_POSITION),
  );
  // Awaited once the builds have started; a failure before that must not go unhandled.
  counted.catch(() => undefined);
  let target = 0;
  const builds: Building[] = [];
  let applied = 0;
  const report = (phase: RebuildProgress['phase']) =>
    options.onProgress?.({
      name: builds.map((b) => b.projection.name).join(', '),
      version: Math.max(...builds.map((b) => b.version)),
      phase,
      applied,
      target: Math.max(target, applied),
    });

  const onApplied = (events: number) => {
    applied += events;
    report('filling');
  };
  const catchUpAll = (targets: Building[]) =>
    catchUp(pool, (after, limit) => store.readAll(after, limit), targets, batchSize, onApplied);

  const lease = await BuildLease.open(pool);
  try {
    // Each projection's tables on a connection of its own, all at once.
    const started = await Promise.allSettled(projections.map((p) => startBuilding(pool, lease, p)));
    for (const result of started) if (result.status === 'fulfilled') builds.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const census = await counting;
    target = await counted;
    await recordBuildTargets(pool, builds, target);
    const concurrency = options.fillConcurrency ?? FILL_CONCURRENCY;
    const indexed = new Set<CatchUpTarget>();
    const indexJobs = (build: CatchUpTarget): Job[] => {
      indexed.add(build);
      return indexBuilds(pool, build);
    };
    if (bulkFill)
      await fillFromStart(pool, store, builds, batchSize, onApplied, {
        concurrency,
        afterFill: indexJobs,
        census,
      });
    await catchUpAll(builds);
    report('indexing');
    await runLongestFirst(
      builds.filter((b) => !indexed.has(b)).flatMap((b) => indexBuilds(pool, b)),
      concurrency,
    );
    for (let attempt = 1; builds.some((b) => !b.swapped); attempt++) {
      const waiting = builds.filter((b) => !b.swapped);
      await catchUpAll(waiting);
      report('swapping');
      for (const build of waiting) build.swapped = await trySwap(pool, build);
      if (builds.some((b) => !b.swapped) && attempt >= (options.maxSwapAttempts ?? 50)) {
        throw new Error(
          `could not swap ${waiting
            .filter((b) => !b.swapped)
            .map((b) => b.projection.name)
            .join(', ')}: live kept ahead`,
        );
      }
    }
    report('done');
    return builds.map((b) => ({ name: b.projection.name, version: b.version, applied }));
  } catch (error) {
    for (const build of builds.filter((b) => !b.swapped)) {
      await discardVersion(pool, build.projection, build.version).catch(() => undefined);
    }
    throw error;
  } finally {
    await lease.close();
  }
}

/** Drops a building or retired version's tables and its checkpoint row. */
export async function discardVersion(pool: pg.Pool, projection: Projection, version: number) {
  await withTransaction(pool, async (client) => {
    const row = await loadCheckpoint(client, projection.name, version, true);
    if (row?.status === 'live')
      throw new Error(`refusing to drop the live version of ${projection.name}`);
    for (const sql of dropTablesSql(projection, version)) await client.query(sql);
    await client.query('DELETE FROM projection_checkpoints WHERE name = $1 AND version = $2', [
      projection.name,
      version,
    ]);
  });
}

/**
 * Fill statements and index builds at once in a rebuild. Measured on 2 cores (1M-event log): see
 * README "### Projections".
 */
export const FILL_CONCURRENCY = 2;

/**
 * Without waiting for the WAL flush at commit: what a crash would lose is an unfinished build's,
 * which is dropped as abandoned (nothing reads a version before its swap, which commits durably).
 */
const ASYNC_COMMIT = 'SET LOCAL synchronous_commit = off';

/** One statement string is one implicit transaction, so this holds for the CREATE INDEX after it. */
const SERIAL_INDEX_BUILD = `${ASYNC_COMMIT}; SET LOCAL max_parallel_maintenance_workers = 0`;

/**
 * An index build's cost against its projection's fill cost, set below what it measures (1M-event
 * log: credit_history's five 180–320 ms against its fill's 3.4 s, generation_history's 120 ms
 * against 1.9 s) so that every build ranks below every fill (the costliest, credit_history's at
 * 6000 × 0.04 = 240, below the cheapest fill, generation_shares' 300): the builds run two by two
 * at the end of a rebuild, short jobs that keep both cores busy to the last. Ranked as their
 * fills, they went first and left the last fill (subscription_status, 0.45 s) running alone.
 */
export const INDEX_BUILD_COST_SHARE = 0.04;

/**
 * The indexes a new version was filled without, once it holds the log up to the head: each on a
 * connection of its own (CREATE INDEX takes a SHARE lock, which the other builds on the same table
 * share) and without parallel workers (the fills and builds running at once already outnumber the
 * cores, so a worker's share of a sort only adds its merge; 1M-event log, 2 cores: the index phase
 * 950 -> 770 ms). Costlier tables' first.
 */
function indexBuilds(pool: pg.Pool, build: CatchUpTarget): Job[] {
  return createIndexesSql(build.projection, build.version).map((sql) => ({
    cost: (build.projection.bulkFillCost ?? 0) * INDEX_BUILD_COST_SHARE,
    run: async () => {
      await pool.query(`${SERIAL_INDEX_BUILD}; ${sql}`);
    },
  }));
}
