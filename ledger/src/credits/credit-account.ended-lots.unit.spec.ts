import { describe, expect, it } from 'vitest';
import { deciderSpec, metadataAt } from '../testing/decider-spec';
import { type CreditAccountEvent } from './credit-account';
import { availableCredits, heldCredits } from './credit-account.balances';
import { creditAccountDecider, type CreditAccountCommand } from './credit-account.decide';

// Held credits that come back to a lot which ended while they were held (its payment refunded,
// its period renewed) end with it: a release never makes them spendable again (issue 18, 1 and 2).

const given = deciderSpec(creditAccountDecider);
const userId = 'user-1';
const T0 = '2026-01-01T00:00:00.000Z';
const PERIOD_END = '2026-02-01T00:00:00.000Z';
const now = new Date('2026-01-10T00:00:00.000Z');
const at = () => metadataAt(now);

const signup: CreditAccountEvent = {
  type: 'CreditsGranted',
  data: { userId, grantId: 'signup', amount: 5, source: 'signup', expiresAt: null },
};
const purchased = (purchaseId: string, periodEnd = PERIOD_END): CreditAccountEvent => ({
  type: 'CreditsPurchased',
  data: {
    userId,
    purchaseId,
    amount: 300,
    planId: 'pro',
    invoiceId: `in_${purchaseId}`,
    amountPaidCents: 900,
    currency: 'usd',
    periodStart: T0,
    periodEnd,
    expiresAt: periodEnd,
  },
});
const reservedFrom = (lotId: string, amount = 5): CreditAccountEvent => ({
  type: 'CreditsReserved',
  data: {
    userId,
    reservationId: 'r1',
    generationId: 'gen-r1',
    amount,
    deadline: '2026-01-10T00:10:00.000Z',
    allocations: [{ lotId, amount }],
  },
});
const release: CreditAccountCommand = {
  type: 'ReleaseHold',
  data: { userId, reservationId: 'r1' },
};
const released = (lotId: string, amount = 5): CreditAccountEvent => ({
  type: 'CreditsReleased',
  data: {
    userId,
    reservationId: 'r1',
    generationId: 'gen-r1',
    amount,
    allocations: [{ lotId, amount }],
  },
});
const revoke = (lotId: string): CreditAccountCommand => ({
  type: 'RevokeCredits',
  data: { userId, lotId, reference: 'ch_1' },
});

/** Folds the events the decider returns onto the history and gives the resulting state. */
const after = (history: CreditAccountEvent[], command: CreditAccountCommand) => {
  const events = given(history).when(command, at()).events();
  return { events, state: given([...history, ...events]).state };
};

describe('credit account: a refund during an open hold', () => {
  const proWithHold = [signup, purchased('pro-1'), reservedFrom('pro-1')];

  it('revokes the 295 unspent; the 5 held come back revoked when the generation fails: 5, not 10', () => {
    const revoked = after(proWithHold, revoke('pro-1'));
    expect(revoked.events).toEqual([
      {
        type: 'CreditsRevoked',
        data: { userId, lotId: 'pro-1', amount: 295, funding: 'paid', reference: 'ch_1' },
      },
    ]);
    const history = [...proWithHold, ...revoked.events];
    given(history)
      .when(release, at())
      .then([
        released('pro-1'),
        {
          type: 'CreditsRevoked',
          data: {
            userId,
            lotId: 'pro-1',
            amount: 5,
            funding: 'paid',
            reference: 'ch_1',
            reservationId: 'r1',
          },
        },
      ]);
    const { state } = after(history, release);
    expect(availableCredits(state, now)).toBe(5);
    expect(heldCredits(state)).toBe(0);
    expect(state.totals.revoked).toBe(300);
  });

  it('a lot whose every credit is held is revoked with amount 0, and its credits when released', () => {
    const allHeld = [purchased('pro-1'), reservedFrom('pro-1', 300)];
    given(allHeld)
      .when(revoke('pro-1'), at())
      .then([
        {
          type: 'CreditsRevoked',
          data: { userId, lotId: 'pro-1', amount: 0, funding: 'paid', reference: 'ch_1' },
        },
      ]);
    const { events, state } = after(
      [...allHeld, ...after(allHeld, revoke('pro-1')).events],
      release,
    );
    expect(events.map((event) => [event.type, event.data.amount])).toEqual([
      ['CreditsReleased', 300],
      ['CreditsRevoked', 300],
    ]);
    expect(availableCredits(state, now)).toBe(0);
  });

  it('a capture after the refund spends the held credits (they were used), nothing more', () => {
    const history = [...proWithHold, ...after(proWithHold, revoke('pro-1')).events];
    const { events, state } = after(history, {
      type: 'CaptureHold',
      data: { userId, reservationId: 'r1' },
    });
    expect(events.map((event) => event.type)).toEqual(['CreditsSpent']);
    expect(availableCredits(state, now)).toBe(5);
  });

  it('revoking again, or a lot with nothing left or held, yields no event', () => {
    const history = [...proWithHold, ...after(proWithHold, revoke('pro-1')).events];
    given(history).when(revoke('pro-1'), at()).then([]);
    given([signup]).when(revoke('nope'), at()).then([]);
  });
});

describe('credit account: a renewal during an open hold', () => {
  const proWithHold = [signup, purchased('pro-1'), reservedFrom('pro-1')];
  const renewal: CreditAccountCommand = {
    type: 'ExpireCredits',
    data: { userId, paidExpiringBy: new Date(PERIOD_END) },
  };

  it('the old period expires (295), the new arrives (300), the generation fails: 305, not 310', () => {
    const expired = after(proWithHold, renewal);
    expect(expired.events).toEqual([
      { type: 'CreditsExpired', data: { userId, lotId: 'pro-1', amount: 295, funding: 'paid' } },
    ]);
    const history = [
      ...proWithHold,
      ...expired.events,
      purchased('pro-2', '2026-03-01T00:00:00.000Z'),
    ];
    given(history)
      .when(release, at())
      .then([
        released('pro-1'),
        {
          type: 'CreditsExpired',
          data: { userId, lotId: 'pro-1', amount: 5, funding: 'paid', reservationId: 'r1' },
        },
      ]);
    const { state } = after(history, release);
    expect(availableCredits(state, now)).toBe(305);
    expect(state.totals.expired).toBe(300);
    expect(state.lots['pro-1']).toBeUndefined();
  });

  it('a period reset closes a lot whose every credit is held (amount 0)', () => {
    const allHeld = [purchased('pro-1'), reservedFrom('pro-1', 300)];
    given(allHeld)
      .when(renewal, at())
      .then([
        { type: 'CreditsExpired', data: { userId, lotId: 'pro-1', amount: 0, funding: 'paid' } },
      ]);
  });

  it('credits released after their lot passed its expiry expire at once', () => {
    const monthly: CreditAccountEvent = {
      type: 'CreditsGranted',
      data: {
        userId,
        grantId: 'monthly',
        amount: 5,
        source: 'monthly_allowance',
        expiresAt: '2026-01-10T00:00:00.000Z',
      },
    };
    given([monthly, reservedFrom('monthly')])
      .when(release, at())
      .then([
        released('monthly'),
        {
          type: 'CreditsExpired',
          data: { userId, lotId: 'monthly', amount: 5, funding: 'free', reservationId: 'r1' },
        },
      ]);
  });

  it('the time-based sweep does not write an empty expiry for a lot whose credits are all held', () => {
    given([purchased('pro-1'), reservedFrom('pro-1', 300)])
      .when({ type: 'ExpireCredits', data: { userId } }, metadataAt(PERIOD_END))
      .then([]);
  });

  it('a release into a lot still open gives the credits back', () => {
    given(proWithHold)
      .when(release, at())
      .then([released('pro-1')]);
  });
});
