import type { CreditAccountEvent } from '@app/ledger';
import { describe, expect, it } from 'vitest';
import {
  bucketFigures,
  expiryWarningOf,
  foldCreditBuckets,
  spendingOrder,
} from './credit-buckets.fold';

const userId = 'u1';
const at = '2026-12-01T00:00:00.000Z';
const purchase = (
  purchaseId: string,
  amount: number,
  expiresAt: string,
  product?: 'plan' | 'pack' | 'gift',
): CreditAccountEvent => ({
  type: 'CreditsPurchased',
  data: {
    userId,
    purchaseId,
    amount,
    planId: 'pro',
    invoiceId: `in-${purchaseId}`,
    amountPaidCents: 900,
    currency: 'usd',
    periodStart: at,
    periodEnd: expiresAt,
    expiresAt,
    ...(product ? { product } : {}),
  },
});

describe('credit buckets fold', () => {
  const events: CreditAccountEvent[] = [
    {
      type: 'CreditsGranted',
      data: { userId, grantId: 'signup', amount: 5, source: 'signup', expiresAt: null },
    },
    purchase('plan-1', 300, '2026-12-22T00:00:00.000Z'),
    purchase('pack-1', 100, '2028-12-01T00:00:00.000Z', 'pack'),
    purchase('gift-1', 50, '2028-11-01T00:00:00.000Z', 'gift'),
    {
      type: 'CreditsReserved',
      data: {
        userId,
        reservationId: 'r1',
        generationId: 'r1',
        amount: 5,
        deadline: at,
        allocations: [{ lotId: 'pack-1', amount: 5 }],
      },
    },
    {
      type: 'CreditsSpent',
      data: {
        userId,
        reservationId: 'r1',
        generationId: 'r1',
        amount: 5,
        allocations: [
          { lotId: 'pack-1', amount: 5, funding: 'paid', expiresAt: '2028-12-01T00:00:00.000Z' },
        ],
      },
    },
    {
      type: 'CreditsRefunded',
      data: {
        userId,
        refundId: 'f1',
        reservationId: 'r1',
        amount: 5,
        claimReason: 'wrong_style',
        lots: [
          { lotId: 'f1:pack-1', amount: 5, funding: 'paid', expiresAt: '2028-12-01T00:00:00.000Z' },
        ],
      },
    },
    { type: 'CreditsExpired', data: { userId, lotId: 'gift-1', amount: 20, funding: 'paid' } },
  ];
  const lots = foldCreditBuckets(events.map((event) => ({ event, at })));

  it('splits by bucket; a refund keeps the bucket of the lot it came from; gifts are packs', () => {
    const figures = bucketFigures(lots.values(), new Date(at));
    expect(figures).toEqual([
      {
        bucket: 'plan',
        available: 300,
        nextExpiry: { at: new Date('2026-12-22T00:00:00.000Z'), credits: 300 },
      },
      {
        bucket: 'pack',
        available: 130,
        nextExpiry: { at: new Date('2028-11-01T00:00:00.000Z'), credits: 30 },
      },
      { bucket: 'free', available: 5, nextExpiry: null },
    ]);
    expect(spendingOrder(figures)).toEqual(['plan', 'pack', 'free']);
  });

  it('expired lots leave their bucket at the instant of expiry', () => {
    const figures = bucketFigures(lots.values(), new Date('2026-12-22T00:00:00.000Z'));
    expect(figures.find((f) => f.bucket === 'plan')!.available).toBe(0);
    expect(spendingOrder(figures)).toEqual(['pack', 'free']);
  });

  it('warns three days ahead about expiring credits of every bucket; never-expiring ones never', () => {
    expect(expiryWarningOf(lots.values(), new Date('2026-12-18T00:00:00.000Z'))).toBeNull();
    expect(expiryWarningOf(lots.values(), new Date('2026-12-19T00:00:00.000Z'))).toEqual({
      credits: 300,
      expiresAt: new Date('2026-12-22T00:00:00.000Z'),
    });
    // The gift's 30 left (a pack's lot, 24 months), then the pack's 95 and its refunded 5.
    expect(expiryWarningOf(lots.values(), new Date('2028-10-30T00:00:00.000Z'))).toEqual({
      credits: 30,
      expiresAt: new Date('2028-11-01T00:00:00.000Z'),
    });
    expect(expiryWarningOf(lots.values(), new Date('2028-11-29T00:00:00.000Z'))).toEqual({
      credits: 100,
      expiresAt: new Date('2028-12-01T00:00:00.000Z'),
    });
    const grant = (expiresAt: string | null): CreditAccountEvent => ({
      type: 'CreditsGranted',
      data: {
        userId,
        grantId: `free-${expiresAt}`,
        amount: 5,
        source: 'monthly_allowance',
        expiresAt,
      },
    });
    const free = foldCreditBuckets(
      [grant('2027-01-01T00:00:00.000Z'), grant(null)].map((event) => ({ event, at })),
    );
    expect(expiryWarningOf(free.values(), new Date('2026-12-30T00:00:00.000Z'))).toEqual({
      credits: 5,
      expiresAt: new Date('2027-01-01T00:00:00.000Z'),
    });
  });
});
