import { describe, expect, it } from 'vitest';
import { metadataAt } from '../testing/decider-spec';
import { HoldAlreadySettledError, RefundExceedsSpendError } from '../shared/errors';
import { initialCreditAccountState, type CreditAccountState } from './credit-account';
import { creditAccountDecider, type CreditAccountCommand } from './credit-account.decide';
import { serializeCreditAccount } from './credit-account.snapshot';

const userId = 'user-s';
const DAY = 86_400_000;
const START = Date.parse('2026-03-01T00:00:00.000Z');

const throughSnapshot = (state: CreditAccountState) =>
  creditAccountDecider.deserialize(
    JSON.parse(JSON.stringify(creditAccountDecider.serialize(state))),
  );

/** Decides and folds commands as the handler does, one day apart, each under its own key. */
function account() {
  let state = initialCreditAccountState();
  let now = START;
  let keys = 0;
  return {
    get state() {
      return state;
    },
    set state(next: CreditAccountState) {
      state = next;
    },
    run(command: CreditAccountCommand, key = `key-${keys++}`) {
      now += DAY;
      const metadata = metadataAt(new Date(now), { idempotencyKey: key });
      const events = creditAccountDecider.decide(command, state, metadata);
      for (const event of events)
        state = creditAccountDecider.evolve(state, event, { idempotencyKey: key, occurredAt: now });
      return events;
    },
    at: (days: number) => new Date(START + days * DAY),
  };
}

const grant = (grantId: string, amount: number, expiresAt: Date | null): CreditAccountCommand => ({
  type: 'GrantCredits',
  data: { userId, grantId, amount, source: 'goodwill', expiresAt },
});
const hold = (reservationId: string, amount: number): CreditAccountCommand => ({
  type: 'HoldCredits',
  data: {
    userId,
    reservationId,
    generationId: `gen-${reservationId}`,
    amount,
    deadline: new Date(START + 400 * DAY),
  },
});
const capture = (reservationId: string): CreditAccountCommand => ({
  type: 'CaptureHold',
  data: { userId, reservationId },
});
const release = (reservationId: string): CreditAccountCommand => ({
  type: 'ReleaseHold',
  data: { userId, reservationId },
});
const refund = (refundId: string, reservationId: string, amount: number): CreditAccountCommand => ({
  type: 'RefundCredits',
  data: { userId, refundId, reservationId, amount },
});

/**
 * Spends over two lots of different funding and expiry, a lot id granted again with another
 * expiry once its first lot was used up, a partial refund, a released and an open hold.
 */
function busyAccount() {
  const a = account();
  a.run(grant('g1', 8, a.at(200)));
  a.run({
    type: 'PurchaseCredits',
    data: {
      userId,
      purchaseId: 'p1',
      amount: 2,
      planId: 'pro',
      invoiceId: 'in-p1',
      amountPaidCents: 900,
      currency: 'usd',
      periodStart: a.at(0),
      periodEnd: a.at(300),
      expiresAt: a.at(300),
    },
  });
  a.run(hold('r1', 10)); // g1 8 (expires first), p1 2: both used up
  a.run(capture('r1'));
  a.run(grant('g1', 20, null)); // g1 was used up and dropped: the same id, a new lot
  a.run(hold('r2', 6));
  a.run(capture('r2'));
  a.run(refund('f1', 'r1', 3));
  a.run(hold('r3', 4));
  a.run(release('r3'));
  a.run(hold('r4', 5));
  return a;
}

describe('credit account snapshot', () => {
  it('reads back the state it was made from', () => {
    const { state } = busyAccount();
    expect(Object.keys(state.spends)).toEqual(['r1', 'r2']);
    expect(state.spends.r1!.allocations.map((allocation) => allocation.funding)).toEqual([
      'free',
      'paid',
    ]);
    expect(state.spends.r1!.refunded).toBe(3);
    expect(state.settledHolds.r3).toMatchObject({ as: 'released' });
    expect(Object.keys(state.holds)).toEqual(['r4']);
    expect(throughSnapshot(state)).toEqual(state);
  });

  it('repeats and refusals decide the same from the state read back', () => {
    const a = busyAccount();
    const restored = busyAccount();
    restored.state = throughSnapshot(restored.state);
    for (const each of [a, restored]) {
      expect(each.run(capture('r1'))).toEqual([]);
      expect(() => each.run(release('r2'))).toThrow(HoldAlreadySettledError);
      expect(() => each.run(capture('r3'))).toThrow(HoldAlreadySettledError);
      expect(() => each.run(refund('f2', 'r1', 8))).toThrow(RefundExceedsSpendError);
      expect(each.run(hold('r2', 5))).toEqual([]);
    }
    expect(restored.run(refund('f2', 'r1', 7))).toEqual(a.run(refund('f2', 'r1', 7)));
    expect(restored.run(capture('r4'))).toEqual(a.run(capture('r4')));
    expect(restored.state).toEqual(a.state);
  });

  it('writes spends as numbers against one row per lot they were paid from', () => {
    const { state } = busyAccount();
    const snapshot = serializeCreditAccount(state);
    expect(snapshot.spentLots).toEqual([
      ['g1', 'free', new Date(START + 200 * DAY).toISOString()],
      ['p1', 'paid', new Date(START + 300 * DAY).toISOString()],
      ['g1', 'free', null],
    ]);
    expect(snapshot.spendIds).toEqual(['r1', 'r2']);
    expect(snapshot.spends).toEqual([
      [state.spends.r1!.capturedAt, 10, 3, 0, 8, 1, 2],
      [state.spends.r2!.capturedAt, 6, 0, 2, 6],
    ]);
    expect(snapshot.capturedIds).toEqual(['r1', 'r2']);
    expect(snapshot.releasedIds).toEqual(['r3']);
  });
});
