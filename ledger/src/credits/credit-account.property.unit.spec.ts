import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { deepFreeze, metadataAt } from '../testing/decider-spec';
import {
  initialCreditAccountState,
  type CreditAccountEvent,
  type CreditAccountState,
} from './credit-account';
import { availableCredits, heldCredits } from './credit-account.balances';
import { creditAccountDecider, type CreditAccountCommand } from './credit-account.decide';

const userId = 'user-p';
const START = Date.parse('2026-01-01T00:00:00.000Z');
const DAY = 86_400_000;

// Small id spaces so commands collide: repeats, captures of released holds, refunds of refunds.
const reservationIds = fc.constantFrom('r1', 'r2', 'r3', 'r4', 'r5', 'r6');
const lotIds = fc.constantFrom('g1', 'g2', 'g3', 'p1', 'p2');

const commandArbitrary: fc.Arbitrary<(now: number) => CreditAccountCommand> = fc.oneof(
  fc
    .record({
      id: lotIds,
      amount: fc.integer({ min: 1, max: 20 }),
      ttl: fc.option(fc.integer({ min: 1, max: 20 })),
    })
    .map(({ id, amount, ttl }) => (now: number): CreditAccountCommand => ({
      type: 'GrantCredits',
      data: {
        userId,
        grantId: id,
        amount,
        source: 'goodwill',
        expiresAt: ttl === null ? null : new Date(now + ttl * DAY),
      },
    })),
  fc
    .record({
      id: lotIds,
      amount: fc.integer({ min: 1, max: 30 }),
      ttl: fc.integer({ min: 1, max: 30 }),
    })
    .map(({ id, amount, ttl }) => (now: number): CreditAccountCommand => ({
      type: 'PurchaseCredits',
      data: {
        userId,
        purchaseId: `purchase-${id}`,
        amount,
        planId: 'pro',
        invoiceId: `in-${id}`,
        amountPaidCents: 900,
        currency: 'usd',
        periodStart: new Date(now),
        periodEnd: new Date(now + ttl * DAY),
        expiresAt: new Date(now + ttl * DAY),
      },
    })),
  fc
    .record({ id: reservationIds, amount: fc.integer({ min: 1, max: 12 }) })
    .map(({ id, amount }) => (now: number): CreditAccountCommand => ({
      type: 'HoldCredits',
      data: {
        userId,
        reservationId: id,
        generationId: `gen-${id}`,
        amount,
        deadline: new Date(now + 600_000),
      },
    })),
  reservationIds.map((id) => (): CreditAccountCommand => ({
    type: 'CaptureHold',
    data: { userId, reservationId: id },
  })),
  reservationIds.map((id) => (): CreditAccountCommand => ({
    type: 'ReleaseHold',
    data: { userId, reservationId: id },
  })),
  fc
    .record({ id: reservationIds, amount: fc.integer({ min: 1, max: 6 }), n: fc.nat(3) })
    .map(({ id, amount, n }) => (): CreditAccountCommand => ({
      type: 'RefundCredits',
      data: { userId, refundId: `refund-${id}-${n}`, reservationId: id, amount },
    })),
  fc.constant((): CreditAccountCommand => ({ type: 'ExpireCredits', data: { userId } })),
  lotIds.map((id) => (): CreditAccountCommand => ({
    type: 'RevokeCredits',
    data: { userId, lotId: id, reference: 'ch' },
  })),
);

const stepArbitrary = fc.record({
  command: commandArbitrary,
  // Mostly minutes, so a hold is still open (10-minute deadline) when its capture and refunds come;
  // sometimes days, so lots expire under open holds and spends.
  advanceMinutes: fc.oneof(
    { arbitrary: fc.constant(0), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 9 }), weight: 3 },
    { arbitrary: fc.integer({ min: 10, max: 72 * 60 }), weight: 2 },
  ),
  repeatKey: fc.boolean(),
});

function fold(
  events: readonly { event: CreditAccountEvent; key: string; at: number }[],
): CreditAccountState {
  let state = initialCreditAccountState();
  for (const { event, key, at } of events)
    state = creditAccountDecider.evolve(state, event, { idempotencyKey: key, occurredAt: at });
  return state;
}

describe('credit account: properties', () => {
  it('random command sequences never make available credits negative, every state survives its snapshot, and folding the log gives the state decide saw', () => {
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 60, size: 'max' }),
        (steps) => {
          let now = START;
          let state = initialCreditAccountState();
          const log: { event: CreditAccountEvent; key: string; at: number }[] = [];
          let lastKey = 'key-0';
          steps.forEach((step, index) => {
            now += step.advanceMinutes * 60_000;
            const key = step.repeatKey ? lastKey : `key-${index + 1}`;
            lastKey = key;
            const metadata = metadataAt(new Date(now), { idempotencyKey: key });
            let events: CreditAccountEvent[] = [];
            // decide on a frozen copy: a write to the state it is given throws (the command
            // handler decides on the state it caches, and a failed append must leave it as it was).
            const frozen = deepFreeze(structuredClone(state));
            try {
              events = creditAccountDecider.decide(step.command(now), frozen, metadata);
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
            }
            for (const event of events) {
              state = creditAccountDecider.evolve(state, event, {
                idempotencyKey: key,
                occurredAt: now,
              });
              log.push({ event, key, at: now });
            }

            const available = availableCredits(state, new Date(now));
            expect(available).toBeGreaterThanOrEqual(0);
            for (const lot of Object.values(state.lots))
              expect(lot.remaining).toBeGreaterThanOrEqual(0);
            // The snapshot loses nothing: the next step decides on the state read back from it.
            const restored = creditAccountDecider.deserialize(
              JSON.parse(JSON.stringify(creditAccountDecider.serialize(state))),
            );
            expect(restored).toEqual(state);
            state = restored;
            // Conservation: every credit that came in is available, held, spent, expired or revoked
            // (or sitting unusable in an expired lot until the sweep writes its CreditsExpired).
            const inLots = Object.values(state.lots).reduce((sum, lot) => sum + lot.remaining, 0);
            const t = state.totals;
            expect(inLots + heldCredits(state)).toBe(
              t.granted + t.purchased + t.refunded - t.spent - t.expired - t.revoked,
            );
          });
          expect(fold(log)).toEqual(state);
        },
      ),
      { numRuns: 400 },
    );
  });
});
