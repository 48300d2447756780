import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableCredits,
  createLedger,
  creditBucketOf,
  creditStreamId,
  DomainError,
  isLotUsable,
  ledgerMigrations,
  PostgresEventStore,
  type CreditAccountCommand,
  type CreditAccountEvent,
  type CreditBucket,
  type Ledger,
  type Lot,
} from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { projectionMigrations } from '../migrations';
import { creditBalancesProjection } from '../credit-balances/credit-balances.projection';
import { installMissingProjections } from '../runtime/ensure-projections';
import { ProjectionRunner } from '../runtime/projection-runner';
import { rebuildProjections } from '../runtime/rebuild';
import { dumpProjection } from '../testing/dump';
import { creditBucketsProjection } from './credit-buckets.projection';
import { getCreditBuckets } from './queries';

const DAY = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00.000Z');

type Step =
  | {
      kind: 'grant';
      source: 'signup' | 'monthly_allowance' | 'goodwill' | 'migration';
      amount: number;
      ttl: number | null;
    }
  | { kind: 'purchase'; product: 'plan' | 'pack' | 'gift' | undefined; amount: number; ttl: number }
  | { kind: 'spend'; amount: number; outcome: 'capture' | 'release' | 'open' }
  | { kind: 'refund'; amount: number }
  | { kind: 'wait'; days: number; sweep: boolean };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('grant' as const),
    source: fc.constantFrom('signup', 'monthly_allowance', 'goodwill', 'migration'),
    amount: fc.integer({ min: 1, max: 40 }),
    ttl: fc.option(fc.integer({ min: 1, max: 60 })),
  }),
  fc.record({
    kind: fc.constant('purchase' as const),
    product: fc.constantFrom('plan', 'pack', 'gift', undefined),
    amount: fc.integer({ min: 1, max: 300 }),
    ttl: fc.integer({ min: 1, max: 730 }),
  }),
  fc.record({
    kind: fc.constant('spend' as const),
    amount: fc.integer({ min: 1, max: 60 }),
    outcome: fc.constantFrom('capture', 'release', 'open'),
  }),
  fc.record({ kind: fc.constant('refund' as const), amount: fc.integer({ min: 1, max: 10 }) }),
  fc.record({
    kind: fc.constant('wait' as const),
    days: fc.integer({ min: 0, max: 45 }),
    sweep: fc.boolean(),
  }),
);

/** Plays a history through the ledger's command handler; returns the account's clock at the end. */
async function play(ledger: Ledger, userId: string, steps: readonly Step[]): Promise<number> {
  let now = START;
  let n = 0;
  const spends: string[] = [];
  const run = async (command: CreditAccountCommand) => {
    const key = `${userId}-${n++}`;
    try {
      await ledger.credits.handle(creditStreamId(userId), command, {
        now: new Date(now),
        actor: { kind: 'system', id: 'property' },
        reason: 'property test',
        correlationId: key,
        idempotencyKey: key,
      });
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false; // not enough credits, nothing to refund…
      throw error;
    }
  };
  for (const step of steps) {
    const at = (days: number | null) => (days === null ? null : new Date(now + days * DAY));
    switch (step.kind) {
      case 'grant':
        await run({
          type: 'GrantCredits',
          data: {
            userId,
            grantId: `g${n}`,
            amount: step.amount,
            source: step.source,
            expiresAt: at(step.ttl),
          },
        });
        break;
      case 'purchase':
        await run({
          type: 'PurchaseCredits',
          data: {
            userId,
            purchaseId: `p${n}`,
            amount: step.amount,
            planId: step.product === 'pack' || step.product === 'gift' ? 'pack-100' : 'pro',
            invoiceId: `in${n}`,
            amountPaidCents: 499,
            currency: 'usd',
            periodStart: new Date(now),
            periodEnd: at(step.ttl)!,
            expiresAt: at(step.ttl),
            ...(step.product ? { product: step.product } : {}),
          },
        });
        break;
      case 'spend': {
        const reservationId = `r${n}`;
        const held = await run({
          type: 'HoldCredits',
          data: {
            userId,
            reservationId,
            generationId: reservationId,
            amount: step.amount,
            deadline: new Date(now + DAY),
          },
        });
        if (!held || step.outcome === 'open') break;
        await run({
          type: step.outcome === 'capture' ? 'CaptureHold' : 'ReleaseHold',
          data: { userId, reservationId },
        });
        if (step.outcome === 'capture') spends.push(reservationId);
        break;
      }
      case 'refund': {
        const reservationId = spends[spends.length - 1];
        if (reservationId)
          await run({
            type: 'RefundCredits',
            data: { userId, refundId: `f${n}`, reservationId, amount: step.amount },
          });
        break;
      }
      case 'wait':
        now += step.days * DAY;
        if (step.sweep) await run({ type: 'ExpireCredits', data: { userId } });
        break;
    }
  }
  return now;
}

/**
 * The reference: the ledger's own fold of the stream (its lots, what is left of each, usable at
 * `now`), each lot put in its bucket from the event that created it.
 */
function expectedBuckets(
  events: readonly CreditAccountEvent[],
  ledgerLots: ReturnType<typeof usableLots>,
) {
  const bucketOfLot = new Map<string, CreditBucket>();
  for (const event of events) {
    if (event.type === 'CreditsGranted')
      bucketOfLot.set(
        event.data.grantId,
        creditBucketOf({ funding: 'free', source: event.data.source }),
      );
    if (event.type === 'CreditsPurchased')
      bucketOfLot.set(
        event.data.purchaseId,
        creditBucketOf({ funding: 'paid', source: event.data.product ?? 'plan' }),
      );
    if (event.type === 'CreditsRefunded')
      for (const lot of event.data.lots) {
        const origin = lot.lotId.slice(event.data.refundId.length + 1);
        bucketOfLot.set(
          lot.lotId,
          lot.funding === 'free' ? 'free' : (bucketOfLot.get(origin) ?? 'plan'),
        );
      }
  }
  const figures: Record<
    CreditBucket,
    { credits: number; next: { at: number; credits: number } | null }
  > = {
    plan: { credits: 0, next: null },
    pack: { credits: 0, next: null },
    free: { credits: 0, next: null },
  };
  for (const lot of ledgerLots) {
    const figure = figures[bucketOfLot.get(lot.lotId)!];
    figure.credits += lot.remaining;
    if (lot.expiresAt === null) continue;
    if (!figure.next || lot.expiresAt < figure.next.at)
      figure.next = { at: lot.expiresAt, credits: lot.remaining };
    else if (lot.expiresAt === figure.next.at) figure.next.credits += lot.remaining;
  }
  return figures;
}

const usableLots = (lots: Record<string, Lot>, now: number) =>
  Object.values(lots).filter((lot) => isLotUsable(lot, now));

/** The read models whose lot tables the set-wise fills write (credit-lots.joint-fill.ts). */
const lotReadModels = [creditBucketsProjection, creditBalancesProjection];

describe('the balance by bucket equals the lots folded from the events', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let ledger: Ledger;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    ledger = createLedger(store);
    await installMissingProjections(database.pool, lotReadModels);
    runner = new ProjectionRunner(database.pool, store, lotReadModels, { batchSize: 7 });
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('for random histories of plan, pack, gift and free lots, before and after expiries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 800 }), { minLength: 1, maxLength: 4 }),
        async (steps, readAfterDays) => {
          const userId = randomUUID();
          const end = await play(ledger, userId, steps);
          await runner.runUntilCaughtUp();
          const { state } = await ledger.credits.read(creditStreamId(userId));
          const events = (await store.readStream(creditStreamId(userId))).map(
            (e) => e as unknown as CreditAccountEvent,
          );
          // Read at the end of the history and at later instants: lots expire in between.
          for (const days of [0, ...readAfterDays]) {
            const now = end + days * DAY;
            const expected = expectedBuckets(events, usableLots(state.lots, now));
            const actual = await getCreditBuckets(database.pool, userId, new Date(now));
            const byBucket = Object.fromEntries(actual.buckets.map((b) => [b.bucket, b]));
            for (const bucket of ['plan', 'pack', 'free'] as const) {
              expect(byBucket[bucket]!.available).toBe(expected[bucket].credits);
              expect(
                byBucket[bucket]!.nextExpiry
                  ? {
                      at: byBucket[bucket]!.nextExpiry!.at.getTime(),
                      credits: byBucket[bucket]!.nextExpiry!.credits,
                    }
                  : null,
              ).toEqual(expected[bucket].next);
            }
            const total = actual.buckets.reduce((sum, b) => sum + b.available, 0);
            expect(total).toBe(availableCredits(state, new Date(now)));
          }
        },
      ),
      { numRuns: Number(process.env.BUCKETS_PROPERTY_RUNS ?? 40) },
    );
  });

  // Runs after the property above, over every history it played (refunds of refunds, holds over
  // several lots, sweeps): the set-wise fills of a rebuild leave, row for row, what the batches
  // left, both lot tables from their joint statement and credit_bucket_lots from its own.
  it('rebuilt by the set-wise fills, the lot tables hold what the batches wrote', async () => {
    await runner.runUntilCaughtUp();
    const live = await Promise.all(lotReadModels.map((p) => dumpProjection(database.pool, p)));
    expect(live[0]!.credit_bucket_lots!.length).toBeGreaterThan(0);
    await rebuildProjections(database.pool, store, lotReadModels);
    expect(await Promise.all(lotReadModels.map((p) => dumpProjection(database.pool, p)))).toEqual(
      live,
    );
    await rebuildProjections(database.pool, store, [creditBucketsProjection]);
    expect(await dumpProjection(database.pool, creditBucketsProjection)).toEqual(live[0]);
  });
});
