import {
  comparePositions,
  PostgresEventStore,
  START_POSITION,
  withTransaction,
  type EventStore,
  type GlobalPosition,
} from '@app/ledger';
import type pg from 'pg';
import { applyBatch } from './apply-batch';
import { bulkFill, countEventsByType } from './bulk-fill';
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

async function nextVersion(client: pg.PoolClient, name: string): Promise<number> {
  const result = await client.query<{ next: number }>(
    'SELECT coalesce(max(version), 0) + 1 AS next FROM projection_checkpoints WHERE name = $1',
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

interface Building {
  projection: Projection;
  version: number;
  position: GlobalPosition;
  swapped: boolean;
}

async function startBuilding(
  pool: pg.Pool,
  projection: Projection,
  target: number,
): Promise<Building> {
  const version = await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `projection:${projection.name}`,
    ]);
    const next = await nextVersion(client, projection.name);
    for (const sql of createTablesSql(projection, next)) await client.query(sql);
    await client.query(
      `INSERT INTO projection_checkpoints (name, version, schema_version, status, build_target)
       VALUES ($1, $2, $3, 'building', $4)`,
      [projection.name, next, projection.version, target],
    );
    return next;
  });
  return { projection, version, position: START_POSITION, swapped: false };
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
  const batchSize = options.batchSize ?? 10_000;
  const target = await store.countEventsAfter(START_POSITION);
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

  const catchUpAll = (targets: Building[]) =>
    catchUp(pool, store, targets, batchSize, (events) => {
      applied += events;
      report('filling');
    });

  try {
    // Each projection's tables and indexes on a connection of its own, all at once.
    const started = await Promise.allSettled(
      projections.map((p) => startBuilding(pool, p, target)),
    );
    for (const result of started) if (result.status === 'fulfilled') builds.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    await fillFromStart(pool, store, builds, catchUpAll);
    await catchUpAll(builds);
    report('indexing');
    await createIndexes(pool, builds);
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
  }
}

/**
 * The first pass over the log. When the log is in the same database, the projections that have a
 * set-wise bulk fill are filled by Postgres up to the current head (one statement per table, on
 * connections of their own) while the others fold the log batch by batch here; everything after
 * the head then goes through the batches as before.
 */
async function fillFromStart(
  pool: pg.Pool,
  store: EventStore,
  builds: Building[],
  catchUpAll: (targets: Building[]) => Promise<void>,
) {
  const inPostgres = store instanceof PostgresEventStore && store.readsFrom(pool);
  const bulk = inPostgres ? builds.filter((b) => b.projection.bulkFill) : [];
  const head = bulk.length > 0 ? await store.headPosition() : null;
  if (!head) return;
  const counts = await countEventsByType(pool, head);
  const folded = (build: Building) =>
    [...build.projection.eventTypes].reduce((sum, type) => sum + (counts.get(type) ?? 0), 0);
  const rest = builds.filter((b) => !bulk.includes(b));
  const results = await Promise.allSettled([
    ...bulk.map(async (build) => {
      build.position = await bulkFill(pool, build, START_POSITION, head, folded(build));
    }),
    rest.length > 0 ? catchUpAll(rest) : Promise.resolve(),
  ]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
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
 * Reads from the furthest-behind build until the log is drained, applying each batch to all.
 * Pipelined: while Postgres applies one batch, the next is read and decoded; each projection
 * still applies its batches in order (a chain per projection), and at most two are pending.
 */
async function catchUp(
  pool: pg.Pool,
  store: EventStore,
  targets: Building[],
  batchSize: number,
  onApplied: (events: number) => void,
): Promise<void> {
  const lowest = () =>
    targets.reduce(
      (low, b) => (comparePositions(b.position, low) < 0 ? b.position : low),
      targets[0]!.position,
    );
  const chains = new Map<Building, Promise<void>>(targets.map((b) => [b, Promise.resolve()]));
  const pending: Promise<unknown>[] = [];
  let next = store.readAll(lowest(), batchSize);
  try {
    for (;;) {
      const batch = await next;
      const last = batch[batch.length - 1];
      if (!last) break;
      next = store.readAll(last.position, batchSize);
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

/** The indexes each new version was filled without, built once it holds the whole log. */
async function createIndexes(pool: pg.Pool, builds: readonly Building[]) {
  await Promise.all(
    builds.map(async (build) => {
      for (const sql of createIndexesSql(build.projection, build.version)) await pool.query(sql);
    }),
  );
}
