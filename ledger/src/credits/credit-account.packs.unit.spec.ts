import { describe, expect, it } from 'vitest';
import { deciderSpec, metadataAt } from '../testing/decider-spec';
import { creditAccountEventSchema, type CreditAccountEvent } from './credit-account';
import { creditAccountDecider } from './credit-account.decide';

// One-time packs are paid lots of their own (issue 20): their source says so, a plan's new period
// does not expire them, and purchases written before packs existed still parse (as plans).

const given = deciderSpec(creditAccountDecider);
const userId = 'user-1';
const now = new Date('2026-03-01T00:00:00.000Z');

const packBought: CreditAccountEvent = {
  type: 'CreditsPurchased',
  data: {
    userId,
    purchaseId: 'pack-cs_1',
    amount: 100,
    planId: 'pack_100',
    packId: 'pack_100',
    product: 'pack',
    invoiceId: 'cs_1',
    amountPaidCents: 499,
    currency: 'usd',
    periodStart: '2026-01-15T00:00:00.000Z',
    periodEnd: '2028-01-15T00:00:00.000Z',
    expiresAt: '2028-01-15T00:00:00.000Z',
  },
};
const planBought: CreditAccountEvent = {
  type: 'CreditsPurchased',
  data: {
    userId,
    purchaseId: 'purchase-in_1',
    amount: 300,
    planId: 'pro',
    invoiceId: 'in_1',
    amountPaidCents: 900,
    currency: 'usd',
    periodStart: '2026-02-01T00:00:00.000Z',
    periodEnd: '2026-03-01T00:00:00.000Z',
    expiresAt: '2026-03-01T00:00:00.000Z',
  },
};

describe('credit account: packs', () => {
  it('a pack lot has source pack; a purchase without product is a plan (invoice source)', () => {
    const { state } = given([packBought, planBought]);
    expect(state.lots['pack-cs_1']).toMatchObject({ source: 'pack', funding: 'paid' });
    expect(state.lots['purchase-in_1']).toMatchObject({ source: 'invoice:in_1' });
    const { product: _p, packId: _k, ...old } = packBought.data as Record<string, unknown>;
    expect(
      creditAccountEventSchema.parse({ type: 'CreditsPurchased', data: { ...old } }).data,
    ).not.toHaveProperty('product');
  });

  it("a plan's new period (even an upgrade's period end) expires the plan's credits, never the pack's", () => {
    given([packBought, planBought])
      .when(
        {
          type: 'ExpireCredits',
          data: { userId, paidExpiringBy: new Date('2028-02-01T00:00:00.000Z') },
        },
        metadataAt(now),
      )
      .then([
        {
          type: 'CreditsExpired',
          data: { userId, lotId: 'purchase-in_1', amount: 300, funding: 'paid' },
        },
      ]);
  });
});
