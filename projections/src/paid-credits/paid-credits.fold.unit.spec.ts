import { describe, expect, it } from 'vitest';
import { giftPurchaseId, type CreditAccountEvent } from '@app/ledger';
import {
  BUYER_ID,
  GIFT_ID,
  giftIssued,
  giftRedeemed,
  giftVoided,
} from '@app/ledger/gift/gift.fixtures';
import { foldPaidCredits, type PaidLots } from './paid-credits.fold';

const userId = 'u1';
const pack = (purchaseId: string, credits: number, cents: number): CreditAccountEvent => ({
  type: 'CreditsPurchased',
  data: {
    userId,
    purchaseId,
    amount: credits,
    planId: 'pack_100',
    packId: 'pack_100',
    product: 'pack',
    invoiceId: `cs_${purchaseId}`,
    amountPaidCents: cents,
    currency: 'usd',
    periodStart: '2026-01-01T00:00:00.000Z',
    periodEnd: '2028-01-01T00:00:00.000Z',
    expiresAt: '2028-01-01T00:00:00.000Z',
  },
});
const spend = (lotId: string, amount: number, funding: 'paid' | 'free' = 'paid') =>
  ({
    type: 'CreditsSpent',
    data: {
      userId,
      reservationId: `r-${lotId}-${amount}`,
      generationId: 'g',
      amount,
      allocations: [{ lotId, amount, funding, expiresAt: null }],
    },
  }) satisfies CreditAccountEvent;

describe('paid credits fold', () => {
  it('values each movement so a lot’s movements add up to exactly what was paid', () => {
    const lots: PaidLots = new Map();
    const bought = foldPaidCredits(lots, pack('p1', 100, 499));
    expect(bought.lots).toMatchObject([{ lotId: 'p1', product: 'pack', amountPaidCents: 499 }]);
    // 5 of 100 credits of $4.99: floor(499 * 5 / 100) = 24 cents.
    expect(foldPaidCredits(lots, spend('p1', 5)).movements).toEqual([
      expect.objectContaining({ kind: 'spent', credits: 5, cents: 24, product: 'pack' }),
    ]);
    // The next 5: floor(499 * 10 / 100) - 24 = 25.
    expect(foldPaidCredits(lots, spend('p1', 5)).movements[0]).toMatchObject({ cents: 25 });
    const revoked = foldPaidCredits(lots, {
      type: 'CreditsRevoked',
      data: { userId, lotId: 'p1', amount: 90, funding: 'paid', reference: 'ch_1' },
    });
    expect(revoked.movements[0]).toMatchObject({ kind: 'revoked', credits: 90, cents: 499 - 49 });
  });

  it('a support refund of paid credits moves their value back to deferred; free credits are ignored', () => {
    const lots: PaidLots = new Map();
    foldPaidCredits(lots, pack('p1', 500, 1999));
    expect(foldPaidCredits(lots, spend('p1', 10)).movements[0]).toMatchObject({ cents: 39 });
    const refunded = foldPaidCredits(lots, {
      type: 'CreditsRefunded',
      data: {
        userId,
        refundId: 'rf1',
        reservationId: 'r',
        amount: 5,
        lots: [{ lotId: 'rf1:p1', amount: 5, funding: 'paid', expiresAt: null }],
      },
    });
    expect(refunded.lots).toMatchObject([{ lotId: 'rf1:p1', originLotId: 'p1', credits: 0 }]);
    // floor(1999 * 5 / 500) - floor(1999 * 10 / 500) = 19 - 39 = -20.
    expect(refunded.movements).toEqual([
      expect.objectContaining({ kind: 'restored', credits: -5, cents: -20, originLotId: 'p1' }),
    ]);
    // Spending the refunded credits again counts against the pack they came from.
    expect(foldPaidCredits(lots, spend('rf1:p1', 5)).movements[0]).toMatchObject({
      originLotId: 'p1',
      cents: 20,
    });
    expect(foldPaidCredits(lots, spend('signup', 5, 'free')).movements).toEqual([]);
    const expired = foldPaidCredits(lots, {
      type: 'CreditsExpired',
      data: { userId, lotId: 'p1', amount: 490, funding: 'paid' },
    });
    expect(expired.movements[0]).toMatchObject({ kind: 'expired', credits: 490, cents: 1999 - 39 });
    expect(lots.get('p1')!.moved).toBe(500);
  });

  it('a plan purchase written before products existed is a plan', () => {
    const lots: PaidLots = new Map();
    const {
      product: _product,
      packId: _packId,
      ...old
    } = (pack('i1', 300, 900) as Extract<CreditAccountEvent, { type: 'CreditsPurchased' }>).data;
    const change = foldPaidCredits(lots, {
      type: 'CreditsPurchased',
      data: { ...old, planId: 'pro' },
    });
    expect(change.lots[0]).toMatchObject({ product: 'plan', itemId: 'pro' });
  });

  it('a gift is deferred from its payment, moves with its lot when redeemed, and is spent from it', () => {
    const lots: PaidLots = new Map();
    const lotId = giftPurchaseId(GIFT_ID);
    const issued = foldPaidCredits(lots, giftIssued());
    expect(issued.lots).toEqual([
      expect.objectContaining({
        lotId,
        originLotId: lotId,
        userId: BUYER_ID,
        product: 'gift',
        reference: 'cs_fixture_1',
        credits: 100,
        amountPaidCents: 499,
      }),
    ]);
    expect(foldPaidCredits(lots, giftRedeemed('friend'))).toEqual({
      lots: [],
      movements: [],
      redemptions: [],
    });
    // The redemption's credit lot is the gift's own: no second sale, only who holds it now.
    const redeemed = foldPaidCredits(lots, {
      type: 'CreditsPurchased',
      data: {
        userId: 'friend',
        purchaseId: lotId,
        amount: 100,
        planId: 'pack-100',
        packId: 'pack-100',
        product: 'gift',
        giftId: GIFT_ID,
        invoiceId: 'cs_fixture_1',
        amountPaidCents: 499,
        currency: 'usd',
        periodStart: '2026-01-01T00:00:00.000Z',
        periodEnd: '2028-01-01T00:00:00.000Z',
        expiresAt: '2028-01-01T00:00:00.000Z',
      },
    });
    expect(redeemed).toEqual({
      lots: [],
      movements: [],
      redemptions: [{ lotId, redeemerId: 'friend' }],
    });
    expect(
      foldPaidCredits(lots, {
        ...spend(lotId, 5),
        data: { ...spend(lotId, 5).data, userId: 'friend' },
      }).movements,
    ).toEqual([expect.objectContaining({ kind: 'spent', credits: 5, cents: 24, product: 'gift' })]);
  });

  it('a voided gift takes its whole payment out as refunded; voiding again moves nothing', () => {
    const lots: PaidLots = new Map();
    foldPaidCredits(lots, giftIssued());
    expect(foldPaidCredits(lots, giftVoided()).movements).toEqual([
      expect.objectContaining({ kind: 'revoked', credits: 100, cents: 499, product: 'gift' }),
    ]);
    expect(foldPaidCredits(lots, giftVoided()).movements).toEqual([]);
    // A void whose gift the fold never saw (not loaded) is not invented.
    expect(foldPaidCredits(new Map(), giftVoided()).movements).toEqual([]);
  });
});
