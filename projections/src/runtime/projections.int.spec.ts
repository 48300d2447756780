import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedger,
  ledgerMigrations,
  PostgresEventStore,
  START_POSITION,
  type Ledger,
  type RecordedEvent,
} from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { getCreditBalance } from '../credit-balances/queries';
import { creditHistoryProjection } from '../credit-history/credit-history.projection';
import { listCreditHistory } from '../credit-history/queries';
import { projectionMigrations } from '../migrations';
import { allProjections } from '../registry';
import { dumpProjection } from '../testing/dump';
import { seedLedger } from '../testing/seed-ledger';
import { loadCheckpoints, loadLiveCheckpoint } from './checkpoints';
import { installMissingProjections } from './ensure-projections';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { rebuildProjection, type RebuildProgress } from './rebuild';
import { projectionStatus } from './status';

async function dumpAll(database: TestDatabase) {
  const dumps: Record<string, unknown> = {};
  for (const projection of allProjections)
    dumps[projection.name] = await dumpProjection(database.pool, projection);
  return dumps;
}

describe('projections on Postgres', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let ledger: Ledger;
  let userIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    ledger = createLedger(store);
    userIds = await seedLedger(ledger, 12);
    await installMissingProjections(database.pool, allProjections);
    await new ProjectionRunner(database.pool, store, allProjections, {
      batchSize: 37,
    }).runUntilCaughtUp();
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('builds balances and history that agree with the ledger', async () => {
    for (const userId of userIds) {
      const { state } = await ledger.credits.read(`credits-${userId}`);
      const balance = await getCreditBalance(
        database.pool,
        userId,
        new Date('2026-01-02T00:00:00Z'),
      );
      const lots = Object.values(state.lots).reduce((sum, lot) => sum + lot.remaining, 0);
      expect(balance.available).toBe(lots);
      expect(balance.lifetimeSpent).toBe(state.totals.spent);
      expect(balance.held).toBe(0);
      const history = await listCreditHistory(database.pool, { userId }, { first: 1 });
      expect(history.movements[0]!.balanceAfter).toBe(lots);
    }
  });

  it('replaying twice gives identical rows', async () => {
    const original = await dumpAll(database);
    for (let round = 0; round < 2; round++) {
      for (const projection of allProjections)
        await rebuildProjection(database.pool, store, projection, { batchSize: 50 });
      expect(await dumpAll(database)).toEqual(original);
    }
  });

  it("a rebuild's progress counts the whole log, filled by Postgres or folded in batches", async () => {
    const logSize = await store.countEventsAfter(START_POSITION);
    for (const bulkFill of [true, false]) {
      const progress: RebuildProgress[] = [];
      await rebuildProjection(database.pool, store, creditHistoryProjection, {
        batchSize: 50,
        bulkFill,
        onProgress: (p) => progress.push(p),
      });
      expect(progress.length).toBeGreaterThan(0);
      for (const p of progress) expect(p.target).toBe(logSize);
      expect(progress.at(-1)!.applied).toBe(logSize);
      // The checkpoint row, made while the log was being counted, records the same target.
      const live = await loadLiveCheckpoint(database.pool, creditHistoryProjection.name);
      expect(live!.buildTarget).toBe(logSize);
    }
  });

  it('a rebuild of a new version while the old one serves, then the swap, gives identical contents', async () => {
    const runner = new ProjectionRunner(database.pool, store, allProjections, {
      batchSize: 25,
      idleMs: 20,
    });
    runner.start();
    const liveBefore = await loadLiveCheckpoint(database.pool, 'credit_history');
    const servedBefore = await listCreditHistory(
      database.pool,
      { userId: userIds[0]! },
      { first: 5 },
    );
    expect(servedBefore.movements.length).toBeGreaterThan(0);
    const readsDuringRebuild: Promise<unknown>[] = [];
    const writer = seedLedger(ledger, 6);
    const rebuild = rebuildProjection(database.pool, store, creditHistoryProjection, {
      batchSize: 20,
      onProgress: () => {
        // The old version keeps serving while the new one fills: every read sees the full history.
        readsDuringRebuild.push(
          listCreditHistory(database.pool, { userId: userIds[0]! }, { first: 5 }),
        );
      },
    });
    const [newUsers, result] = await Promise.all([writer, rebuild]);
    expect(result.version).toBeGreaterThan(liveBefore!.version);
    expect(readsDuringRebuild.length).toBeGreaterThan(0);
    for (const page of await Promise.all(readsDuringRebuild)) expect(page).toEqual(servedBefore);
    await runner.stop();
    await new ProjectionRunner(database.pool, store, allProjections).runUntilCaughtUp();
    expect((await loadLiveCheckpoint(database.pool, 'credit_history'))!.version).toBe(
      result.version,
    );

    const swapped = await dumpProjection(database.pool, creditHistoryProjection);
    await rebuildProjection(database.pool, store, creditHistoryProjection);
    expect(await dumpProjection(database.pool, creditHistoryProjection)).toEqual(swapped);
    const page = await listCreditHistory(database.pool, { userId: newUsers[0]! }, { first: 50 });
    expect(page.movements.length).toBeGreaterThan(0);
  });

  it('a handler that throws mid-batch leaves no partial batch, and the runner resumes correctly', async () => {
    await seedLedger(ledger, 3);
    const expected = structuredClone(
      await (async () => {
        // What a clean run produces, computed on a separate rebuild and then discarded by comparison.
        await new ProjectionRunner(database.pool, store, allProjections).runUntilCaughtUp();
        return dumpProjection(database.pool, creditHistoryProjection);
      })(),
    );
    // Rebuild into a fresh version with a handler that writes half a batch and then throws once.
    let thrown = false;
    const flaky: Projection = {
      ...creditHistoryProjection,
      async apply(client, events, table) {
        await creditHistoryProjection.apply(
          client,
          events.slice(0, Math.ceil(events.length / 2)),
          table,
        );
        if (!thrown && events.length > 3) {
          thrown = true;
          throw new Error('boom in the middle of a batch');
        }
        await creditHistoryProjection.apply(
          client,
          events.slice(Math.ceil(events.length / 2)),
          table,
        );
      },
    };
    const { version } = await rebuildProjection(database.pool, store, creditHistoryProjection, {
      batchSize: 40,
    });
    // Make the new version look like it failed at its start: reset it and let the flaky runner fill it.
    await database.pool.query(
      `TRUNCATE credit_history_v${version}, credit_history_accounts_v${version}`,
    );
    await database.pool.query(
      `UPDATE projection_checkpoints SET position_commit = 0, position_prepare = 0, events_applied = 0
       WHERE name = 'credit_history' AND version = $1`,
      [version],
    );
    const runner = new ProjectionRunner(database.pool, store, [flaky], { batchSize: 40 });
    await runner.runUntilCaughtUp();
    expect(thrown).toBe(true);
    const row = (await loadCheckpoints(database.pool, ['live'])).find(
      (c) => c.name === 'credit_history',
    )!;
    expect(row.lastError).toBeNull();
    expect(await dumpProjection(database.pool, creditHistoryProjection)).toEqual(expected);
  });

  it('a failed batch leaves the checkpoint and the tables as they were', async () => {
    const broken: Projection = {
      ...creditHistoryProjection,
      async apply(client, events: readonly RecordedEvent[], table) {
        await creditHistoryProjection.apply(client, events, table);
        throw new Error('always fails after writing');
      },
    };
    const before = await dumpProjection(database.pool, creditHistoryProjection);
    const checkpointBefore = await loadLiveCheckpoint(database.pool, 'credit_history');
    await seedLedger(ledger, 1);
    const runner = new ProjectionRunner(database.pool, store, [broken]);
    await expect(runner.runUntilCaughtUp(1_500)).rejects.toThrow(/did not catch up/);
    const checkpointAfter = await loadLiveCheckpoint(database.pool, 'credit_history');
    expect(checkpointAfter!.position).toEqual(checkpointBefore!.position);
    expect(checkpointAfter!.lastError).toContain('always fails after writing');
    expect(await dumpProjection(database.pool, creditHistoryProjection)).toEqual(before);
    await new ProjectionRunner(database.pool, store, allProjections).runUntilCaughtUp();
  });

  it('reports status with version, checkpoint, head and lag', async () => {
    await seedLedger(ledger, 1);
    const behind = await projectionStatus(database.pool, store, allProjections);
    expect(behind.every((s) => s.eventsBehind > 0 && s.status === 'live' && s.current)).toBe(true);
    await new ProjectionRunner(database.pool, store, allProjections).runUntilCaughtUp();
    const caughtUp = await projectionStatus(database.pool, store, allProjections);
    expect(caughtUp.map((s) => [s.name, s.eventsBehind, s.secondsBehind]).sort()).toEqual(
      allProjections.map((p) => [p.name, 0, 0]).sort(),
    );
  });
});
