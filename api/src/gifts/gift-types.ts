import type { RateLimit } from '../accounts/rate-limiter';

export interface PaidGift {
  buyerId: string;
  packId: string;
  credits: number;
  /** The payment (checkout session) id: the gift and its credit lot are attributed to it. */
  paymentRef: string;
  amountPaidCents: number;
  currency: string;
  paidAt: Date;
}

export type GiftStatus = 'unredeemed' | 'redeemed' | 'voided';

export interface GiftView {
  giftId: string;
  code: string;
  packId: string;
  credits: number;
  amountPaidCents: number;
  currency: string;
  status: GiftStatus;
  redeemedAt: Date | null;
  voidedAt: Date | null;
  recipientEmail: string | null;
  message: string | null;
  createdAt: Date;
}

export interface GiftLimits {
  redeemAttemptsPerAccount: RateLimit;
  redeemAttemptsPerIp: RateLimit;
}

/** Where a voided gift's payment goes back (the payment provider). */
export interface GiftPaymentRefunds {
  refundGiftPayment(paymentRef: string, idempotencyKey: string): Promise<void>;
}
