import type { GiftEvent } from './gift';

// Typed gift events every test level reuses.

export const GIFT_ID = 'gift-fixture-1';
export const BUYER_ID = 'buyer-1';
export const PAID_AT = '2026-01-01T00:00:00.000Z';

export const giftIssued = (
  overrides: Partial<Extract<GiftEvent, { type: 'GiftIssued' }>['data']> = {},
): GiftEvent => ({
  type: 'GiftIssued',
  data: {
    giftId: GIFT_ID,
    buyerId: BUYER_ID,
    packId: 'pack-100',
    credits: 100,
    paymentRef: 'cs_fixture_1',
    amountPaidCents: 499,
    currency: 'usd',
    codeHash: 'a'.repeat(64),
    paidAt: PAID_AT,
    ...overrides,
  },
});

export const giftRedeemed = (
  redeemerId: string,
  redeemedAt = '2026-01-02T00:00:00.000Z',
): GiftEvent => ({
  type: 'GiftRedeemed',
  data: { giftId: GIFT_ID, redeemerId, redeemedAt },
});

export const giftVoided = (voidedAt = '2026-01-02T00:00:00.000Z'): GiftEvent => ({
  type: 'GiftVoided',
  data: { giftId: GIFT_ID, cause: 'staff', voidedAt },
});
