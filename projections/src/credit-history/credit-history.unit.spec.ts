import type { CreditAccountEvent } from '@app/ledger';
import { describe, expect, it } from 'vitest';
import { movementOf } from './credit-history.projection';

// The history's fold: the running balance (available + held) after each movement.

const userId = 'user-1';
const PERIOD_END = '2026-02-01T00:00:00.000Z';

const fold = (events: CreditAccountEvent[]) => {
  let balance = 0;
  let held = 0;
  return events.map((event) => {
    const movement = movementOf(event);
    balance += movement.delta;
    held += movement.heldDelta;
    return [event.type, balance, held];
  });
};

const purchase: CreditAccountEvent = {
  type: 'CreditsPurchased',
  data: {
    userId,
    purchaseId: 'pro-1',
    amount: 300,
    planId: 'pro',
    invoiceId: 'in_1',
    amountPaidCents: 900,
    currency: 'usd',
    periodStart: '2026-01-01T00:00:00.000Z',
    periodEnd: PERIOD_END,
    expiresAt: PERIOD_END,
  },
};
const signup: CreditAccountEvent = {
  type: 'CreditsGranted',
  data: { userId, grantId: 'signup', amount: 5, source: 'signup', expiresAt: null },
};
const allocations = [{ lotId: 'pro-1', amount: 5 }];
const hold = { userId, reservationId: 'g1', generationId: 'g1', amount: 5, allocations };

describe('credit history fold: held credits of a lot that ended meanwhile', () => {
  it('a refund during a hold: 305, held 5, 295 revoked, released, 5 revoked with it: 5', () => {
    const rows = fold([
      signup,
      purchase,
      { type: 'CreditsReserved', data: { ...hold, deadline: PERIOD_END } },
      {
        type: 'CreditsRevoked',
        data: { userId, lotId: 'pro-1', amount: 295, funding: 'paid', reference: 'ch_1' },
      },
      { type: 'CreditsReleased', data: hold },
      {
        type: 'CreditsRevoked',
        data: {
          userId,
          lotId: 'pro-1',
          amount: 5,
          funding: 'paid',
          reference: 'ch_1',
          reservationId: 'g1',
        },
      },
    ]);
    expect(rows).toEqual([
      ['CreditsGranted', 5, 0],
      ['CreditsPurchased', 305, 0],
      ['CreditsReserved', 305, 5],
      ['CreditsRevoked', 10, 5],
      ['CreditsReleased', 10, 0],
      ['CreditsRevoked', 5, 0],
    ]);
  });

  it('a renewal during a hold: the old period expires with the held 5 once released: 305', () => {
    const rows = fold([
      signup,
      purchase,
      { type: 'CreditsReserved', data: { ...hold, deadline: PERIOD_END } },
      { type: 'CreditsExpired', data: { userId, lotId: 'pro-1', amount: 295, funding: 'paid' } },
      { ...purchase, data: { ...purchase.data, purchaseId: 'pro-2', invoiceId: 'in_2' } },
      { type: 'CreditsReleased', data: hold },
      {
        type: 'CreditsExpired',
        data: { userId, lotId: 'pro-1', amount: 5, funding: 'paid', reservationId: 'g1' },
      },
    ]);
    expect(rows.at(-1)).toEqual(['CreditsExpired', 305, 0]);
    expect(
      movementOf({
        type: 'CreditsExpired',
        data: { userId, lotId: 'pro-1', amount: 5, funding: 'paid', reservationId: 'g1' },
      }).reference,
    ).toBe('g1');
  });
});
