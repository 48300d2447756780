import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  createLedger,
  creditStreamId,
  ledgerMigrations,
  PostgresEventStore,
  type Ledger,
} from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { projectionMigrations } from '../migrations';
import { allProjections } from '../registry';
import { installMissingProjections } from '../runtime/ensure-projections';
import { ProjectionRunner } from '../runtime/projection-runner';
import { seedLedger } from '../testing/seed-ledger';
import { runLedgerAudit } from './ledger-audit';

describe('ledger audit', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let ledger: Ledger;
  let runner: ProjectionRunner;
  let userIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    ledger = createLedger(store);
    userIds = await seedLedger(ledger, 8);
    await installMissingProjections(database.pool, allProjections);
    runner = new ProjectionRunner(database.pool, store, allProjections, { batchSize: 50 });
    await catchUp();
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  /**
   * Readers of the log stop below the oldest transaction still open anywhere on the server (other
   * test files run beside this one), so "caught up" is checked against the newest event stored.
   */
  async function catchUp() {
    const newest = async () =>
      (
        await database.pool.query<{ commit: string; prepare: string }>(
          `SELECT transaction_id::text AS commit, global_position::text AS prepare FROM events
           ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
        )
      ).rows[0]!;
    const target = await newest();
    const deadline = Date.now() + 30_000;
    for (;;) {
      await runner.runUntilCaughtUp();
      const positions = [...runner.positions().values()];
      if (
        positions.every(
          (p) =>
            comparePositions(p, {
              commit: BigInt(target.commit),
              prepare: BigInt(target.prepare),
            }) >= 0,
        )
      )
        return;
      if (Date.now() > deadline) throw new Error('projections did not catch up');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const audit = () => runLedgerAudit({ pool: database.pool, store, batchSize: 17 });

  it('finds nothing when the read models are the fold of the log', async () => {
    const result = await audit();
    expect(result.mismatches).toEqual([]);
    expect(result.accountsChecked).toBe(userIds.length);
    expect(result.subscriptionsChecked).toBe(userIds.length / 2);
    expect(result.eventsRead).toBeGreaterThan(userIds.length * 5);
  });

  it('does not count events the read models have not reached yet as mismatches', async () => {
    const userId = userIds[1]!;
    await ledger.credits.handle(
      creditStreamId(userId),
      {
        type: 'GrantCredits',
        data: { userId, grantId: 'late-grant', amount: 3, source: 'goodwill', expiresAt: null },
      },
      {
        now: new Date('2026-03-01T00:00:00Z'),
        actor: { kind: 'system', id: 'test' },
        reason: 'not yet projected',
        correlationId: 'late-grant',
        idempotencyKey: 'late-grant',
      },
    );
    expect((await audit()).mismatches).toEqual([]);
    await catchUp();
    expect((await audit()).mismatches).toEqual([]);
  });

  it('reports a read-model row changed behind the log', async () => {
    const userId = userIds[2]!;
    await database.pool.query(
      `UPDATE credit_balances_v1 SET lifetime_granted = lifetime_granted + 10 WHERE user_id = $1`,
      [userId],
    );
    await database.pool.query(
      `UPDATE credit_lots_v1 SET remaining = remaining + 10 WHERE user_id = $1 AND lot_id = $2`,
      [userId, `signup-${userId}`],
    );
    await database.pool.query(
      `UPDATE subscription_status_v1 SET status = 'active', plan_id = 'ultra' WHERE user_id = $1`,
      [userIds[0]],
    );
    const { mismatches } = await audit();
    const signup = (
      await database.pool.query<{ remaining: number }>(
        `SELECT remaining FROM credit_lots WHERE user_id = $1 AND lot_id = $2`,
        [userId, `signup-${userId}`],
      )
    ).rows[0]!.remaining;
    expect(mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId, field: 'lifetime_granted' }),
        {
          userId,
          field: `lot signup-${userId}.remaining`,
          expected: String(signup - 10),
          actual: String(signup),
        },
        expect.objectContaining({ userId, field: 'available' }),
        {
          userId: userIds[0],
          field: 'subscription.status',
          expected: 'canceled',
          actual: 'active',
        },
        { userId: userIds[0], field: 'subscription.plan_id', expected: 'pro', actual: 'ultra' },
      ]),
    );
    expect(mismatches).toHaveLength(5);
  });
});
