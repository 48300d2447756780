import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { BuildAlreadyClaimedError, BuildLease } from './build-lease';

describe.skipIf(!process.env.DATABASE_URL)('a build lease', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database.close();
  });

  it('takes claims made at once in turn on its connection, and holds every one', async () => {
    // Queries a client was given while one of its own was still running (pg queues them, and
    // warns that pg 9 will refuse them).
    const running = new WeakMap<object, number>();
    let overlapping = 0;
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const inFlight = running.get(this) ?? 0;
      if (inFlight > 0) overlapping++;
      running.set(this, inFlight + 1);
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise)
        void result.finally(() => running.set(this, (running.get(this) ?? 1) - 1)).catch(() => {});
      else running.set(this, inFlight);
      return result as never;
    });

    const lease = await BuildLease.open(database.pool);
    const other = await BuildLease.open(database.pool);
    try {
      const names = ['a', 'b', 'c', 'd', 'e', 'f'];
      await Promise.all(names.map((name) => lease.claim(name, 7)));
      expect(overlapping).toBe(0);
      await expect(other.claim('c', 7)).rejects.toBeInstanceOf(BuildAlreadyClaimedError);
      await other.claim('c', 8);
    } finally {
      await lease.close();
      await other.close();
    }
    const fresh = await BuildLease.open(database.pool);
    await fresh.claim('c', 7); // released when the first lease closed
    await fresh.close();
  });
});
