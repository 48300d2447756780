import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedger,
  ledgerMigrations,
  PostgresEventStore,
  type EventStore,
  type NewEvent,
} from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { creditLotsJointBulkFill } from '../credit-buckets/credit-lots.joint-fill';
import { creditReadModelsJointBulkFill } from '../credit-history/credit-read-models.joint-fill';
import { projectionMigrations } from '../migrations';
import { allProjections } from '../registry';
import { dumpProjection } from '../testing/dump';
import { seedLedger } from '../testing/seed-ledger';
import { installMissingProjections } from './ensure-projections';
import type { JointBulkFill } from './projection';
import { ProjectionRunner } from './projection-runner';
import { rebuildProjections } from './rebuild';

// The read models Postgres fills set-wise in a rebuild must hold exactly the rows the batch folds
// hold after the same log: a seeded ledger plus streams that carry every event type they read,
// in orders the command handlers do not produce (a result that expires, links opened and closed,
// a generation that never was requested, credits expired while held and revoked).

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString();

function event(type: string, data: Record<string, unknown>, minute: number): NewEvent {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      occurredAt: at(minute),
      actor: { kind: 'system', id: 'bulk-fill-spec' },
      reason: 'every event type',
      correlationId: randomUUID(),
      causationId: null,
      idempotencyKey: randomUUID(),
      schemaVersion: 1,
    },
  };
}

async function appendEveryType(store: EventStore) {
  const userId = 'edge-user';
  const lot = { lotId: 'purchase-edge', amount: 5 };
  await store.append(
    'credits-edge-user',
    [
      event(
        'CreditsGranted',
        { userId, grantId: 'grant-edge', amount: 5, source: 'goodwill', expiresAt: null },
        1,
      ),
      event(
        'CreditsPurchased',
        {
          userId,
          purchaseId: 'purchase-edge',
          amount: 300,
          planId: 'pro',
          invoiceId: 'in_edge',
          amountPaidCents: 900,
          currency: 'usd',
          periodStart: at(0),
          periodEnd: at(60),
          expiresAt: at(60),
        },
        2,
      ),
      event(
        'CreditsReserved',
        {
          userId,
          reservationId: 'gen-edge-1',
          generationId: 'gen-edge-1',
          amount: 5,
          deadline: at(13),
          allocations: [lot],
        },
        3,
      ),
      event(
        'CreditsReleased',
        {
          userId,
          reservationId: 'gen-edge-1',
          generationId: 'gen-edge-1',
          amount: 5,
          allocations: [lot],
        },
        4,
      ),
      event(
        'CreditsReserved',
        {
          userId,
          reservationId: 'gen-edge-2',
          generationId: 'gen-edge-2',
          amount: 5,
          deadline: at(15),
          allocations: [{ lotId: 'grant-edge', amount: 5 }],
        },
        5,
      ),
      event(
        'CreditsSpent',
        {
          userId,
          reservationId: 'gen-edge-2',
          generationId: 'gen-edge-2',
          amount: 5,
          allocations: [{ lotId: 'grant-edge', amount: 5, funding: 'free', expiresAt: null }],
        },
        6,
      ),
      event(
        'CreditsRefunded',
        {
          userId,
          refundId: 'refund-edge',
          reservationId: 'gen-edge-2',
          amount: 5,
          lots: [{ lotId: 'refund-edge:grant-edge', amount: 5, funding: 'free', expiresAt: null }],
        },
        7,
      ),
      event(
        'CreditsReserved',
        {
          userId,
          reservationId: 'gen-edge-3',
          generationId: 'gen-edge-3',
          amount: 5,
          deadline: at(18),
          allocations: [lot],
        },
        8,
      ),
      event(
        'CreditsExpired',
        { userId, lotId: 'purchase-edge', amount: 5, funding: 'paid', reservationId: 'gen-edge-3' },
        9,
      ),
      event(
        'CreditsRevoked',
        {
          userId,
          lotId: 'purchase-edge',
          amount: 290,
          funding: 'paid',
          reference: 'ch_refund_edge',
        },
        10,
      ),
    ],
    'any',
  );
  const generation = (id: string) => ({ generationId: id, userId });
  await store.append(
    'generation-gen-edge-1',
    [
      event(
        'GenerationRequested',
        {
          ...generation('gen-edge-1'),
          style: 'pixar',
          provider: 'local',
          reservationId: 'gen-edge-1',
          requestedAt: at(3),
        },
        3,
      ),
      event(
        'GenerationSubmitted',
        { ...generation('gen-edge-1'), predictionId: 'pred-1', submittedAt: at(4) },
        4,
      ),
      event(
        'GenerationSucceeded',
        { ...generation('gen-edge-1'), resultKey: 'results/gen-edge-1.png', completedAt: at(5) },
        5,
      ),
      event(
        'GenerationShared',
        {
          ...generation('gen-edge-1'),
          shareId: 'share-1',
          includesOriginal: false,
          sharedAt: at(6),
        },
        6,
      ),
      event(
        'GenerationUnshared',
        { ...generation('gen-edge-1'), shareId: 'share-1', unsharedAt: at(7) },
        7,
      ),
      event(
        'GenerationShared',
        {
          ...generation('gen-edge-1'),
          shareId: 'share-2',
          includesOriginal: true,
          sharedAt: at(8),
        },
        8,
      ),
      event('GenerationResultExpired', { ...generation('gen-edge-1'), expiredAt: at(9) }, 9),
      event('GenerationDeleted', { ...generation('gen-edge-1'), deletedAt: at(10) }, 10),
    ],
    'any',
  );
  await store.append(
    'generation-gen-edge-2',
    [
      event(
        'GenerationSubmitted',
        { ...generation('gen-edge-2'), predictionId: 'pred-2', submittedAt: at(5) },
        5,
      ),
      event(
        'GenerationFailed',
        {
          ...generation('gen-edge-2'),
          errorCode: 'PROVIDER_FAILED',
          errorMessage: 'no',
          completedAt: at(6),
        },
        6,
      ),
      event(
        'GenerationRequested',
        {
          ...generation('gen-edge-2'),
          style: 'anime',
          provider: 'local',
          reservationId: 'gen-edge-2',
          requestedAt: at(7),
        },
        7,
      ),
    ],
    'any',
  );
  const subscription = (user: string) => ({ userId: user, subscriptionId: `sub-${user}` });
  const observed = (minute: number) => ({ observedAt: at(minute) });
  // A checkout after a payment failure keeps past_due; period ends out of order keep the latest.
  await store.append(
    'subscription-edge-user',
    [
      event(
        'SubscriptionPeriodPaid',
        {
          ...subscription(userId),
          planId: 'pro',
          invoiceId: 'in_sub_edge_1',
          periodStart: at(0),
          periodEnd: at(90),
          ...observed(1),
        },
        1,
      ),
      event(
        'SubscriptionUpdated',
        {
          ...subscription(userId),
          planId: 'plus',
          status: 'active',
          cancelAtPeriodEnd: true,
          currentPeriodEnd: at(60),
          scheduledPlanId: null,
          ...observed(2),
        },
        2,
      ),
      event(
        'SubscriptionPaymentFailed',
        { ...subscription(userId), invoiceId: 'in_sub_edge_2', ...observed(3) },
        3,
      ),
      event(
        'SubscriptionCheckoutCompleted',
        {
          ...subscription(userId),
          planId: 'max',
          customerId: 'cus_edge',
          checkoutSessionId: 'cs_edge_1',
          ...observed(4),
        },
        4,
      ),
    ],
    'any',
  );
  // Canceled, then two checkouts: incomplete; an update to none before it.
  await store.append(
    'subscription-edge-user-2',
    [
      event(
        'SubscriptionUpdated',
        {
          ...subscription('edge-user-2'),
          planId: 'pro',
          status: 'none',
          cancelAtPeriodEnd: false,
          currentPeriodEnd: null,
          ...observed(1),
        },
        1,
      ),
      event(
        'SubscriptionCanceled',
        { ...subscription('edge-user-2'), canceledAt: at(2), ...observed(2) },
        2,
      ),
      event(
        'SubscriptionCheckoutCompleted',
        {
          ...subscription('edge-user-2'),
          planId: 'pro',
          customerId: 'cus_edge_2',
          checkoutSessionId: 'cs_edge_2',
          ...observed(3),
        },
        3,
      ),
      event(
        'SubscriptionCheckoutCompleted',
        {
          ...subscription('edge-user-2'),
          planId: 'plus',
          customerId: 'cus_edge_3',
          checkoutSessionId: 'cs_edge_3',
          ...observed(4),
        },
        4,
      ),
      // A second plan refused says nothing of the plan followed: still incomplete.
      event(
        'SubscriptionSecondPlanRefused',
        {
          userId: 'edge-user-2',
          subscriptionId: 'sub-second',
          planId: 'ultra',
          keptSubscriptionId: 'sub-edge-user-2',
          ...observed(5),
        },
        5,
      ),
    ],
    'any',
  );
  // Checkouts of the plan followed come late (keep its plan and cancellation at period end);
  // the checkout of a plan no longer followed, late after another's, starts afresh.
  const checkout = (subscriptionId: string, planId: string, minute: number) =>
    event(
      'SubscriptionCheckoutCompleted',
      {
        userId: 'edge-user-3',
        subscriptionId,
        planId,
        customerId: 'cus_edge_4',
        checkoutSessionId: `cs_${subscriptionId}_${minute}`,
        ...observed(minute),
      },
      minute,
    );
  const cancelingAtPeriodEnd = (subscriptionId: string, planId: string, minute: number) =>
    event(
      'SubscriptionUpdated',
      {
        userId: 'edge-user-3',
        subscriptionId,
        planId,
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: at(90),
        ...observed(minute),
      },
      minute,
    );
  await store.append(
    'subscription-edge-user-3',
    [
      checkout('sub-a', 'pro', 1),
      cancelingAtPeriodEnd('sub-a', 'plus', 2),
      checkout('sub-a', 'max', 3),
      checkout('sub-b', 'ultra', 4),
      cancelingAtPeriodEnd('sub-b', 'ultra', 5),
      checkout('sub-a', 'pro', 6),
    ],
    'any',
  );
  await appendGiftEdges(store);
  await appendSplitLots(store);
  await appendShareEdges(store);
}

/**
 * Links in orders the command handlers do not produce: closed before it was opened (nothing to
 * close yet), reopened under the same id (the first opening stays), closed twice (the first close
 * stays), opened after its generation's deletion (that deletion does not close it), and a link of
 * another generation that a deletion leaves open.
 */
async function appendShareEdges(store: EventStore) {
  const of = (generationId: string) => ({ generationId, userId: 'share-user' });
  const shared = (
    generationId: string,
    shareId: string,
    minute: number,
    includesOriginal = false,
  ) =>
    event(
      'GenerationShared',
      { ...of(generationId), shareId, includesOriginal, sharedAt: at(minute) },
      minute,
    );
  const unshared = (generationId: string, shareId: string, minute: number) =>
    event('GenerationUnshared', { ...of(generationId), shareId, unsharedAt: at(minute) }, minute);
  const deleted = (generationId: string, minute: number) =>
    event('GenerationDeleted', { ...of(generationId), deletedAt: at(minute) }, minute);
  await store.append(
    'generation-gen-share-a',
    [
      unshared('gen-share-a', 'share-early', 50),
      shared('gen-share-a', 'share-early', 51),
      shared('gen-share-a', 'share-twice', 52, true),
      unshared('gen-share-a', 'share-twice', 53),
      unshared('gen-share-a', 'share-twice', 54),
      deleted('gen-share-a', 55),
      shared('gen-share-a', 'share-after-delete', 56),
    ],
    'any',
  );
  await store.append(
    'generation-gen-share-b',
    [
      shared('gen-share-b', 'share-early', 57, true),
      shared('gen-share-b', 'share-other', 58),
      deleted('gen-share-a', 59),
    ],
    'any',
  );
}

/** A spend and its refund across a free and a paid lot at once (credit_history splits the credits by funding). */
async function appendSplitLots(store: EventStore) {
  const userId = 'split-user';
  const taken = [
    { lotId: 'grant-split', amount: 5 },
    { lotId: 'purchase-split', amount: 3 },
  ];
  const funded = [
    { ...taken[0]!, funding: 'free', expiresAt: null },
    { ...taken[1]!, funding: 'paid', expiresAt: null },
  ];
  const use = { userId, reservationId: 'gen-split', generationId: 'gen-split', amount: 8 };
  await store.append(
    'credits-split-user',
    [
      event(
        'CreditsGranted',
        { userId, grantId: 'grant-split', amount: 5, source: 'goodwill', expiresAt: null },
        40,
      ),
      event(
        'CreditsPurchased',
        {
          userId,
          purchaseId: 'purchase-split',
          amount: 10,
          planId: 'pack-10',
          invoiceId: 'in_split',
          amountPaidCents: 100,
          currency: 'eur',
          periodStart: at(0),
          periodEnd: at(600),
          expiresAt: null,
        },
        41,
      ),
      event('CreditsReserved', { ...use, deadline: at(52), allocations: taken }, 42),
      event('CreditsSpent', { ...use, allocations: funded }, 43),
      event(
        'CreditsRefunded',
        {
          userId,
          refundId: 'refund-split',
          reservationId: 'gen-split',
          amount: 8,
          lots: funded.map((lot) => ({ ...lot, lotId: `refund-split:${lot.lotId}` })),
        },
        44,
      ),
    ],
    'any',
  );
}

/**
 * Paid lots in the orders the fold must follow: a gift paid, redeemed, partly spent and voided
 * (the void takes what is left), a gift voided unredeemed, a refund of a refund's lot (its origin
 * found through the first), and a spend of a lot that does not exist (no movement).
 */
async function appendGiftEdges(store: EventStore) {
  const buyer = 'gift-buyer';
  const redeemer = 'gift-redeemer';
  const issued = (giftId: string, credits: number, cents: number, minute: number) =>
    event(
      'GiftIssued',
      {
        giftId,
        buyerId: buyer,
        packId: 'pack-100',
        credits,
        paymentRef: `cs_${giftId}`,
        amountPaidCents: cents,
        currency: 'eur',
        codeHash: `hash-${giftId}`,
        paidAt: at(minute - 1),
      },
      minute,
    );
  await store.append(
    'gift-edge-1',
    [
      issued('edge-1', 100, 999, 20),
      event('GiftRedeemed', { giftId: 'edge-1', redeemerId: redeemer, redeemedAt: at(23) }, 23),
    ],
    'any',
  );
  await store.append('gift-edge-2', [issued('edge-2', 30, 301, 21)], 'any');
  const purchased = (lotId: string, product: 'gift' | 'pack', minute: number) =>
    event(
      'CreditsPurchased',
      {
        userId: redeemer,
        purchaseId: lotId,
        amount: product === 'gift' ? 100 : 7,
        planId: 'pack-100',
        invoiceId: `in_${lotId}`,
        amountPaidCents: product === 'gift' ? 999 : 333,
        currency: 'eur',
        periodStart: at(0),
        periodEnd: at(600),
        expiresAt: null,
        product,
        packId: 'pack-100',
        ...(product === 'gift' ? { giftId: 'edge-1' } : {}),
      },
      minute,
    );
  const spent = (lotId: string, amount: number, minute: number, generationId: string) =>
    event(
      'CreditsSpent',
      {
        userId: redeemer,
        reservationId: generationId,
        generationId,
        amount,
        allocations: [{ lotId, amount, funding: 'paid', expiresAt: null }],
      },
      minute,
    );
  const refunded = (refundId: string, lotId: string, amount: number, minute: number) =>
    event(
      'CreditsRefunded',
      {
        userId: redeemer,
        refundId,
        reservationId: refundId,
        amount,
        lots: [{ lotId: `${refundId}:${lotId}`, amount, funding: 'paid', expiresAt: null }],
      },
      minute,
    );
  await store.append(
    'credits-gift-redeemer',
    [
      spent('pack-edge', 3, 22, 'gen-gift-0'),
      purchased('gift:edge-1', 'gift', 23),
      purchased('pack-edge', 'pack', 24),
      spent('gift:edge-1', 33, 25, 'gen-gift-1'),
      spent('pack-edge', 5, 26, 'gen-gift-2'),
      refunded('refund-a', 'pack-edge', 5, 27),
      spent('refund-a:pack-edge', 4, 28, 'gen-gift-3'),
      refunded('refund-b', 'refund-a:pack-edge', 4, 29),
      spent('gift:edge-1', 17, 30, 'gen-gift-4'),
    ],
    'any',
  );
  const voided = (giftId: string, minute: number) =>
    event('GiftVoided', { giftId, cause: 'staff', voidedAt: at(minute) }, minute);
  await store.append('gift-edge-1', [voided('edge-1', 31)], 'any');
  await store.append('gift-edge-2', [voided('edge-2', 32)], 'any');
  await store.append('credits-gift-redeemer-2', [spent('gift:edge-1', 2, 33, 'gen-gift-5')], 'any');
}

describe('bulk fill of a rebuild', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    await seedLedger(createLedger(store), 10);
    await appendEveryType(store);
    await installMissingProjections(database.pool, allProjections);
    await new ProjectionRunner(database.pool, store, allProjections, {
      batchSize: 7,
    }).runUntilCaughtUp();
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  const filled = allProjections.filter((p) => p.bulkFill);

  it('reads a log that holds every event type of the read models it fills', async () => {
    const types = await database.pool.query<{ type: string }>('SELECT DISTINCT type FROM events');
    const present = new Set(types.rows.map((row) => row.type));
    expect(filled.map((p) => p.name).sort()).toEqual([
      'credit_balances',
      'credit_buckets',
      'credit_history',
      'generation_history',
      'generation_shares',
      'paid_credits',
      'subscription_status',
    ]);
    for (const projection of filled)
      expect([...projection.eventTypes].filter((type) => !present.has(type))).toEqual([]);
  });

  it('leaves, row for row, what the batches of the live runner left', async () => {
    const live = await Promise.all(allProjections.map((p) => dumpProjection(database.pool, p)));
    const rebuilt = await rebuildProjections(database.pool, store, allProjections, {
      batchSize: 11,
    });
    expect(rebuilt.map((r) => r.name)).toEqual(allProjections.map((p) => p.name));
    const after = await Promise.all(allProjections.map((p) => dumpProjection(database.pool, p)));
    expect(after).toEqual(live);
    // And the batches alone (no bulk fill) agree with both.
    await rebuildProjections(database.pool, store, allProjections, { bulkFill: false });
    expect(await Promise.all(allProjections.map((p) => dumpProjection(database.pool, p)))).toEqual(
      live,
    );
  });

  it("keeps a plan's switch and cancellation at period end when its own checkout comes after them", async () => {
    await rebuildProjections(database.pool, store, filled);
    const rows = await database.pool.query<{
      user_id: string;
      status: string;
      plan_id: string;
      subscription_id: string;
      customer_id: string;
      cancel_at_period_end: boolean;
    }>(
      `SELECT user_id, status, plan_id, subscription_id, customer_id, cancel_at_period_end
       FROM subscription_status WHERE user_id LIKE 'edge-user%' ORDER BY user_id`,
    );
    expect(rows.rows).toEqual([
      {
        user_id: 'edge-user',
        status: 'past_due',
        plan_id: 'plus',
        subscription_id: 'sub-edge-user',
        customer_id: 'cus_edge',
        cancel_at_period_end: true,
      },
      {
        user_id: 'edge-user-2',
        status: 'incomplete',
        plan_id: 'pro',
        subscription_id: 'sub-edge-user-2',
        customer_id: 'cus_edge_3',
        cancel_at_period_end: false,
      },
      {
        user_id: 'edge-user-3',
        status: 'active',
        plan_id: 'pro',
        subscription_id: 'sub-a',
        customer_id: 'cus_edge_4',
        cancel_at_period_end: false,
      },
    ]);
  });

  it('continues in batches after the fill: later events land in the new version', async () => {
    await seedLedger(createLedger(store), 2, 2, new Date('2026-04-01T00:00:00Z'));
    await new ProjectionRunner(database.pool, store, allProjections).runUntilCaughtUp();
    const live = await Promise.all(filled.map((p) => dumpProjection(database.pool, p)));
    await rebuildProjections(database.pool, store, filled);
    expect(await Promise.all(filled.map((p) => dumpProjection(database.pool, p)))).toEqual(live);
  });

  it('fills credit_history, credit_balances and credit_buckets by their joint fill when all are rebuilt, credit_balances and credit_buckets by theirs when only they are, each by its own alone', async () => {
    const trio = allProjections.filter((p) =>
      p.jointBulkFills?.includes(creditReadModelsJointBulkFill),
    );
    expect(trio.map((p) => p.name).sort()).toEqual([
      'credit_balances',
      'credit_buckets',
      'credit_history',
    ]);
    const live = await Promise.all(trio.map((p) => dumpProjection(database.pool, p)));
    const runs = new Map<JointBulkFill, number>();
    const counting = (fill: JointBulkFill): JointBulkFill => ({
      ...fill,
      statements: (tables) => {
        runs.set(fill, (runs.get(fill) ?? 0) + 1);
        return fill.statements(tables);
      },
    });
    const [countedTrio, countedPair] = [
      counting(creditReadModelsJointBulkFill),
      counting(creditLotsJointBulkFill),
    ];
    const spied = trio.map((p) => ({
      ...p,
      jointBulkFills: p.jointBulkFills!.map((fill) =>
        fill === creditReadModelsJointBulkFill ? countedTrio : countedPair,
      ),
    }));
    await rebuildProjections(database.pool, store, spied);
    expect(await Promise.all(spied.map((p) => dumpProjection(database.pool, p)))).toEqual(live);
    const pair = spied.filter((p) => p.name !== 'credit_history');
    await rebuildProjections(database.pool, store, pair);
    expect(await Promise.all(spied.map((p) => dumpProjection(database.pool, p)))).toEqual(live);
    expect([runs.get(creditReadModelsJointBulkFill), runs.get(creditLotsJointBulkFill)]).toEqual([
      1, 1,
    ]);
    for (const [i, alone] of spied.entries()) {
      await rebuildProjections(database.pool, store, [alone]);
      expect(await dumpProjection(database.pool, alone)).toEqual(live[i]);
    }
    expect([runs.get(creditReadModelsJointBulkFill), runs.get(creditLotsJointBulkFill)]).toEqual([
      1, 1,
    ]);
  });
});
