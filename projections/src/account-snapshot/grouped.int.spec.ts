import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, ledgerMigrations, markSharedSession, PostgresEventStore } from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { projectionMigrations } from '../migrations';
import { allProjections } from '../registry';
import { installMissingProjections } from '../runtime/ensure-projections';
import { ProjectionRunner } from '../runtime/projection-runner';
import { seedLedger } from '../testing/seed-ledger';
import { AccountSnapshotGroups } from './grouped';
import { getAccountSnapshot } from './queries';

describe('account snapshots read in groups', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let userIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    userIds = await seedLedger(createLedger(store), 12);
    await installMissingProjections(database.pool, allProjections);
    await new ProjectionRunner(database.pool, store, allProjections).runUntilCaughtUp();
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('answers each of 60 concurrent reads with its own user, in fewer statements than reads', async () => {
    let statements = 0;
    const counted = {
      query: ((...args: Parameters<typeof database.pool.query>) => {
        statements++;
        return (database.pool.query as (...a: unknown[]) => unknown)(...args);
      }) as typeof database.pool.query,
    };
    if (database.embedded) markSharedSession(counted);
    const groups = new AccountSnapshotGroups(counted);
    const asked = [...userIds, ...userIds, ...userIds, ...userIds, ...userIds, 'nobody'];
    const [grouped, alone] = await Promise.all([
      Promise.all(asked.map((userId) => groups.load(userId))),
      Promise.all(asked.map((userId) => getAccountSnapshot(database.pool, userId, new Date()))),
    ]);
    expect(grouped).toEqual(alone);
    expect(grouped.at(-1)).toEqual({ available: 0, held: 0, nextExpiry: null, subscription: null });
    // Four go at once; everything else waits and goes together.
    expect(statements).toBeLessThanOrEqual(8);
    expect(new Set(grouped.map((snapshot) => snapshot.available)).size).toBeGreaterThan(1);
  });

  it('a failed statement fails every read of its group, and the next group works', async () => {
    const broken = new AccountSnapshotGroups({
      query: (() => Promise.reject(new Error('connection lost'))) as never,
    });
    await expect(Promise.all([broken.load('a'), broken.load('b')])).rejects.toThrow(
      'connection lost',
    );
    const groups = new AccountSnapshotGroups(database.pool);
    expect(await groups.load(userIds[0]!)).toEqual(
      await getAccountSnapshot(database.pool, userIds[0]!, new Date()),
    );
  });
});
