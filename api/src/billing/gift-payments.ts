import type { CreditPack } from './packs';

// The port a paid (or refunded) gift checkout goes through; the gift service (api/src/gifts)
// implements it: a paid gift is issued with its code, a refunded one is voided or taken back.

export interface GiftPaid {
  checkoutSessionId: string;
  buyerId: string;
  pack: CreditPack;
  amountPaidCents: number;
  currency: string;
  paymentIntentId: string | null;
  paidAt: Date;
  /** The provider's event id: the idempotency key's root. */
  eventId: string;
}

export interface GiftPayments {
  paid(paid: GiftPaid): Promise<void>;
  /**
   * The gift's payment was fully refunded at the provider: false when its gift is not issued yet
   * (nothing was done; the refund is applied once it is).
   */
  refunded(checkoutSessionId: string, eventId: string): Promise<boolean>;
}
