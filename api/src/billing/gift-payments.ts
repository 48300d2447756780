import type { Ledger } from '@app/ledger';
import type pg from 'pg';
import { AppError } from '../shared/errors';
import type { CreditPack } from './packs';

// The hook a paid gift checkout goes through. Gifts (issue 20c) replace `onGiftPaid`; until then a
// gift cannot be bought (`create-pack-checkout` refuses `gift` with GiftsNotAvailableError), so a
// gift payment reaching it is a bug, and fails loudly instead of buying anything.

export const GIFTS_NOT_AVAILABLE_MESSAGE = 'Gifts are not available yet';

export class GiftsNotAvailableError extends AppError {
  constructor() {
    super('GIFTS_NOT_AVAILABLE', GIFTS_NOT_AVAILABLE_MESSAGE, 400);
  }
}

export class GiftPaymentNotImplementedError extends Error {
  constructor(readonly checkoutSessionId: string) {
    super(`gift payment ${checkoutSessionId} cannot be processed: gifts are not implemented`);
    this.name = 'GiftPaymentNotImplementedError';
  }
}

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

export interface GiftPaymentContext {
  db: pg.Pool;
  ledger: Ledger;
}

export async function onGiftPaid(paid: GiftPaid, _context: GiftPaymentContext): Promise<void> {
  throw new GiftPaymentNotImplementedError(paid.checkoutSessionId);
}
