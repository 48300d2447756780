import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, ledgerMigrations, PostgresEventStore } from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { creditHistoryProjection } from '../credit-history/credit-history.projection';
import { projectionMigrations } from '../migrations';
import { ProjectionOperations } from '../operator/projection-operations';
import { allProjections } from '../registry';
import { seedLedger } from '../testing/seed-ledger';
import { dropAbandonedBuilds } from './build-lease';
import { loadCheckpoints } from './checkpoints';
import { installMissingProjections } from './ensure-projections';
import { versionedTable } from './projection';
import { projectionStatus } from './status';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const NAME = creditHistoryProjection.name;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!process.env.DATABASE_URL)('a rebuild whose process dies', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const children: ChildProcess[] = [];

  const rebuildInChild = () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'projections/src/cli/main.ts', 'rebuild', NAME],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: database.connectionString, LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      },
    );
    children.push(child);
    return { child, exited: new Promise<number | null>((resolve) => child.once('exit', resolve)) };
  };
  /** Every rebuild stops at its swap (it locks the live checkpoint row) while this is open. */
  const blockSwaps = async (): Promise<pg.PoolClient> => {
    const blocker = await database.pool.connect();
    await blocker.query('BEGIN');
    await blocker.query(
      `SELECT 1 FROM projection_checkpoints WHERE name = $1 AND status = 'live' FOR UPDATE`,
      [NAME],
    );
    return blocker;
  };
  /** Sessions of this database waiting for a lock (a rebuild at its swap, here). */
  const waitingSessions = async () => {
    const result = await database.pool.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return result.rows[0]!.waiting;
  };
  const buildingVersions = async () =>
    (await loadCheckpoints(database.pool, ['building']))
      .filter((row) => row.name === NAME)
      .map((row) => row.version);
  /** The oid of a version's first table, or null: a table dropped and made again has a new one. */
  const tableOid = async (version: number) => {
    const table = versionedTable(creditHistoryProjection.tables[0]!.name, version);
    const result = await database.pool.query<{ oid: number | null }>(
      'SELECT to_regclass($1)::oid::int8 AS oid',
      [table],
    );
    return result.rows[0]!.oid;
  };
  const statusOf = async (version: number) =>
    (await projectionStatus(database.pool, store, allProjections)).find(
      (row) => row.name === NAME && row.version === version,
    )?.status;

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    await seedLedger(createLedger(store), 3);
    await installMissingProjections(database.pool, allProjections);
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await store?.close();
    await database?.close();
  });

  it('is shown as abandoned and dropped by the next rebuild, which never touches a live build', async () => {
    const swapBlocker = await blockSwaps();
    try {
      const first = rebuildInChild();
      await until(async () => (await waitingSessions()) === 1, 'the first rebuild at its swap');
      const [crashed] = await buildingVersions();
      expect(crashed).toBeDefined();
      expect(await statusOf(crashed!)).toBe('building');

      first.child.kill('SIGKILL');
      await first.exited;
      await until(async () => (await statusOf(crashed!)) === 'abandoned', 'status: abandoned');
      const crashedTable = await tableOid(crashed!);
      expect(crashedTable).not.toBeNull();

      // The next rebuild drops it at its start, then builds a version of its own, under a new
      // number: one number names one build in the logs and on the staff page.
      const second = rebuildInChild();
      // The killed rebuild's session still waits at the swap until the blocker ends.
      await until(async () => (await waitingSessions()) === 2, 'the second rebuild at its swap');
      const [live] = await buildingVersions();
      expect(live).toBe(crashed! + 1);
      expect(await tableOid(crashed!)).toBeNull();
      const liveTable = await tableOid(live!);
      expect(liveTable).not.toBeNull();
      expect(liveTable).not.toBe(crashedTable);
      expect(await statusOf(live!)).toBe('building');

      // A build whose process is alive is never dropped.
      expect(await dropAbandonedBuilds(database.pool, allProjections)).toEqual([]);
      expect(await buildingVersions()).toEqual([live]);
      expect(await tableOid(live!)).toBe(liveTable);

      await swapBlocker.query('COMMIT');
      expect(await second.exited).toBe(0);
      expect(await statusOf(live!)).toBe('live');
    } finally {
      await swapBlocker.query('ROLLBACK').catch(() => undefined);
      swapBlocker.release();
    }
  }, 240_000);

  it('is dropped by prune too, beside the retired versions, and prune leaves a live build alone', async () => {
    const swapBlocker = await blockSwaps();
    const operations = new ProjectionOperations(database.pool, store, allProjections);
    try {
      const crashedRun = rebuildInChild();
      await until(async () => (await waitingSessions()) === 1, 'a rebuild at its swap');
      const [crashed] = await buildingVersions();
      crashedRun.child.kill('SIGKILL');
      await crashedRun.exited;
      await until(async () => (await statusOf(crashed!)) === 'abandoned', 'status: abandoned');

      const crashedTable = await tableOid(crashed!);
      expect(crashedTable).not.toBeNull();
      expect(await operations.pruneRetired()).toContainEqual({
        name: NAME,
        version: crashed,
        was: 'abandoned',
      });
      expect(await buildingVersions()).toEqual([]);
      expect(await tableOid(crashed!)).toBeNull();

      const liveRun = rebuildInChild();
      // The killed rebuild's session still waits at the swap until the blocker ends.
      await until(async () => (await waitingSessions()) === 2, 'a live rebuild at its swap');
      const [live] = await buildingVersions();
      expect(live).toBe(crashed! + 1);
      const pruned = await operations.pruneRetired();
      expect(pruned.filter((row) => row.was === 'abandoned')).toEqual([]);
      expect(await buildingVersions()).toEqual([live]);

      await swapBlocker.query('COMMIT');
      expect(await liveRun.exited).toBe(0);
    } finally {
      await swapBlocker.query('ROLLBACK').catch(() => undefined);
      swapBlocker.release();
    }
  }, 240_000);
});
