import { creditStreamId, giftPurchaseId, type GiftState, type Ledger } from '@app/ledger';
import type { ProjectionsGate } from '../composition/projections-gate';

/** Gift credits are a pack's: they expire 24 months after the purchase. */
export const GIFT_VALIDITY_MONTHS = 24;
/** The reason on the credit lot; the credit history names it "Gift credits". */
export const GIFT_CREDITS_REASON = 'Gift redeemed';

export const addMonths = (date: Date, months: number) => {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
};

/** A redeemed gift's credits in the redeemer's account: one paid lot keyed by the gift. */
export class GiftCredits {
  constructor(
    private readonly ledger: Ledger,
    private readonly projections: ProjectionsGate,
  ) {}

  /**
   * Writes the redeemed gift's credits into the redeemer's account, once: the lot is keyed by the
   * gift, and the redeemer's stream is checked for it first (idempotency keys are only kept for a
   * while). Answers once the read models show it.
   */
  async write(state: GiftState, correlationId: string, justRedeemed = false): Promise<boolean> {
    const issued = state.issued;
    if (state.status !== 'redeemed' || !issued || !state.redeemerId) return false;
    const stream = creditStreamId(state.redeemerId);
    const purchaseId = giftPurchaseId(issued.giftId);
    // Just redeemed: nobody can have written the lot but a racing retry, which the key stops.
    if (!justRedeemed && (await this.lotWritten(stream, purchaseId))) return false;
    const paidAt = new Date(issued.paidAt);
    const expiresAt = addMonths(paidAt, GIFT_VALIDITY_MONTHS);
    const result = await this.ledger.credits.handle(
      stream,
      {
        type: 'PurchaseCredits',
        data: {
          userId: state.redeemerId,
          purchaseId,
          amount: issued.credits,
          planId: issued.packId,
          invoiceId: issued.paymentRef,
          amountPaidCents: issued.amountPaidCents,
          currency: issued.currency,
          periodStart: paidAt,
          periodEnd: expiresAt,
          expiresAt,
          product: 'gift',
          packId: issued.packId,
          giftId: issued.giftId,
        },
      },
      {
        now: new Date(),
        actor: { kind: 'user', id: state.redeemerId },
        reason: GIFT_CREDITS_REASON,
        correlationId,
        idempotencyKey: `gift-credits:${issued.giftId}`,
      },
    );
    await this.projections.waitFor(result.position);
    return result.events.length > 0;
  }

  /** Whether the redeemer's account has the gift's lot (spent lots leave the state, not the log). */
  private async lotWritten(stream: string, purchaseId: string): Promise<boolean> {
    const { state } = await this.ledger.credits.read(stream);
    if (state.lots[purchaseId]) return true;
    const events = await this.ledger.store.readStream(stream);
    return events.some(
      (event) =>
        event.type === 'CreditsPurchased' &&
        (event.data as { purchaseId?: string }).purchaseId === purchaseId,
    );
  }
}
