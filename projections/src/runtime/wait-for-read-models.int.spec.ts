import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedger,
  creditStreamId,
  ledgerMigrations,
  PostgresEventStore,
  type Ledger,
} from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { creditBalancesProjection } from '../credit-balances/credit-balances.projection';
import { generationSharesProjection } from '../generation-shares/generation-shares.projection';
import { projectionMigrations } from '../migrations';
import { subscriptionStatusProjection } from '../subscription-status/subscription-status.projection';
import { installMissingProjections } from './ensure-projections';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

describe('waiting for named read models', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let ledger: Ledger;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // An unrelated read model whose batches hang until the test lets them through.
  const blocked: Projection = {
    ...generationSharesProjection,
    eventTypes: creditBalancesProjection.eventTypes,
    apply: () => released,
  };
  // Another unrelated one that fails every batch (the runner retries it with a growing delay).
  const failing: Projection = {
    ...subscriptionStatusProjection,
    eventTypes: creditBalancesProjection.eventTypes,
    apply: () => Promise.reject(new Error('this read model is broken')),
  };
  let runner: ProjectionRunner;

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    ledger = createLedger(store);
    await installMissingProjections(database.pool, [creditBalancesProjection, blocked, failing]);
    runner = new ProjectionRunner(
      database.pool,
      store,
      [creditBalancesProjection, blocked, failing],
      { idleMs: 20 },
    );
    runner.start();
  });
  afterAll(async () => {
    release();
    await runner.stop();
    await store.close();
    await database.close();
  });

  it('answers once the named read model has the event, while an unrelated one is stuck', async () => {
    const { position } = await ledger.credits.handle(
      creditStreamId('user-1'),
      {
        type: 'GrantCredits',
        data: { userId: 'user-1', grantId: 'g-1', amount: 10, source: 'goodwill', expiresAt: null },
      },
      {
        now: new Date('2026-01-01T00:00:00Z'),
        actor: { kind: 'system', id: 'test' },
        reason: 'test',
        correlationId: 'test',
        idempotencyKey: 'grant-1',
      },
    );
    if (!position) throw new Error('the grant appended nothing');
    let blockedSettled = false;
    const everyReadModel = runner.waitFor(position, 3_000).then((reached) => {
      blockedSettled = true;
      return reached;
    });
    const theStuckOne = runner.waitFor(position, 20_000, [blocked.name]);

    expect(await runner.waitFor(position, 20_000, [creditBalancesProjection.name])).toBe(true);
    expect(blockedSettled).toBe(false);
    // A broken read model holds up only those who wait for it (until their time runs out).
    expect(await runner.waitFor(position, 50, [failing.name])).toBe(false);

    release();
    expect(await theStuckOne).toBe(true);
    // Every live projection includes the broken one: that wait runs out of time.
    expect(await everyReadModel).toBe(false);
  });
});
