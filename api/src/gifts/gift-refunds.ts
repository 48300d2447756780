import { creditStreamId, giftPurchaseId, giftStreamId, type Actor, type Ledger } from '@app/ledger';
import { notFound } from '../shared/errors';
import type { GiftCredits } from './gift-credits';
import type { GiftRepository, GiftRow } from './gift-repository';
import type { GiftPaymentRefunds } from './gift-types';

/** The staff's void (the payment goes back) and the provider's refund of a gift's payment. */
export class GiftRefunds {
  constructor(
    private readonly ledger: Ledger,
    private readonly gifts: GiftRepository,
    private readonly credits: GiftCredits,
    private readonly refunds: GiftPaymentRefunds,
  ) {}

  /** Staff void an unredeemed gift (their reason goes into the event) and its payment is refunded. */
  async voidGift(
    staffId: string,
    giftId: string,
    reason: string,
    correlationId: string,
  ): Promise<GiftRow> {
    const row = await this.gifts.byId(giftId);
    if (!row) throw notFound('Gift not found');
    await this.ledger.gifts.handle(
      giftStreamId(giftId),
      { type: 'VoidGift', data: { giftId, cause: 'staff' } },
      {
        now: new Date(),
        actor: { kind: 'staff', id: staffId },
        reason,
        correlationId,
        idempotencyKey: `gift-void:${giftId}`,
      },
    );
    await this.refundVoided(row);
    await this.gifts.markSettled(giftId);
    return row;
  }

  /** Asks the provider for a voided gift's money back (idempotently: keyed by the gift). */
  refundVoided(row: GiftRow): Promise<void> {
    return this.refunds.refundGiftPayment(row.paymentRef, `gift-void:${row.giftId}`);
  }

  /**
   * The payment behind a gift came back (refunded at the provider): an unredeemed gift is voided;
   * a redeemed one loses what is unspent of its credits in the redeemer's account. False when the
   * payment's gift is not issued yet (nothing done).
   */
  async paymentRefunded(paymentRef: string, correlationId: string): Promise<boolean> {
    const row = await this.gifts.byPaymentRef(paymentRef);
    if (!row) return false;
    const stream = giftStreamId(row.giftId);
    const { state } = await this.ledger.gifts.read(stream);
    // Paid but not issued yet (its issue is on its way, or a crash interrupted it): nothing to
    // void yet. The caller keeps the refund and applies it once the gift is issued.
    if (state.status === 'none') return false;
    const metadata = {
      now: new Date(),
      actor: { kind: 'stripe', id: 'payment' } as Actor,
      reason: 'Gift payment refunded',
      correlationId,
    };
    if (state.status === 'unredeemed') {
      await this.ledger.gifts.handle(
        stream,
        { type: 'VoidGift', data: { giftId: row.giftId, cause: 'payment_refunded' } },
        { ...metadata, idempotencyKey: `gift-refunded:${row.giftId}` },
      );
    } else if (state.status === 'redeemed' && state.redeemerId) {
      await this.credits.write(state, correlationId);
      await this.ledger.credits.handle(
        creditStreamId(state.redeemerId),
        {
          type: 'RevokeCredits',
          data: {
            userId: state.redeemerId,
            lotId: giftPurchaseId(row.giftId),
            reference: paymentRef,
          },
        },
        { ...metadata, idempotencyKey: `gift-revoke:${row.giftId}` },
      );
    }
    await this.gifts.markSettled(row.giftId);
    return true;
  }

  async wasVoidedByStaff(giftId: string): Promise<boolean> {
    const events = await this.ledger.store.readStream(giftStreamId(giftId));
    return events.some(
      (event) =>
        event.type === 'GiftVoided' && (event.data as { cause?: string }).cause === 'staff',
    );
  }
}
