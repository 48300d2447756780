import type Stripe from 'stripe';
import type pg from 'pg';
import { creditStreamId, type Ledger } from '@app/ledger';
import type { GiftPayments } from '../gift-payments';
import { packById, packExpiry, packPurchaseId } from '../packs';
import { refundMetadata } from './refund-metadata';
import { idOf, seconds, stripeMetadata } from './stripe-values';

/** A paid pack checkout as recorded: what a refunded charge takes back. */
export interface PackPayment {
  checkout_session_id: string;
  user_id: string;
  kind: 'pack' | 'gift';
}

/**
 * Payment-mode checkouts: a completed, paid session of a pack buys its credits as a paid lot that
 * expires 24 months after the purchase; a gift's goes through the gift hook. Idempotent by the
 * session id (the lot id and the command's key), whatever the number of deliveries.
 */
export class PackPayments {
  constructor(
    private readonly db: pg.Pool,
    private readonly ledger: Ledger,
    private readonly gifts: GiftPayments,
  ) {}

  /** checkout.session.completed (or async_payment_succeeded) of a payment-mode session. */
  async completed(event: Stripe.Event, session: Stripe.Checkout.Session): Promise<boolean> {
    // Delayed payment methods complete the session unpaid; async_payment_succeeded follows.
    if (session.payment_status !== 'paid') return false;
    const kind = session.metadata?.kind;
    if (kind !== 'pack' && kind !== 'gift') return false;
    const userId = session.client_reference_id ?? session.metadata?.userId;
    const pack = packById(session.metadata?.packId);
    if (!userId || !pack) throw new Error(`checkout session ${session.id} lacks user or pack`);
    const paidAt = seconds(event.created);
    const amountPaid = session.amount_total ?? pack.priceCents;
    const currency = session.currency ?? 'usd';
    const paymentIntentId = idOf(session.payment_intent);
    await this.db.query(
      `INSERT INTO billing_pack_payments (checkout_session_id, user_id, kind, pack_id, amount_paid, currency,
         payment_intent_id, paid_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (checkout_session_id) DO NOTHING`,
      [session.id, userId, kind, pack.id, amountPaid, currency, paymentIntentId, paidAt],
    );
    if (kind === 'gift') {
      await this.gifts.paid({
        checkoutSessionId: session.id,
        buyerId: userId,
        pack,
        amountPaidCents: amountPaid,
        currency,
        paymentIntentId,
        paidAt,
        eventId: event.id,
      });
      // A refund that came first (kept in pending_refunds) voids the gift now.
      await this.applyPendingRefunds(paymentIntentId);
      return true;
    }
    const expiresAt = packExpiry(paidAt);
    await this.ledger.credits.handle(
      creditStreamId(userId),
      {
        type: 'PurchaseCredits',
        data: {
          userId,
          purchaseId: packPurchaseId(session.id),
          amount: pack.credits,
          planId: pack.id,
          invoiceId: session.id,
          amountPaidCents: amountPaid,
          currency,
          periodStart: paidAt,
          periodEnd: expiresAt,
          expiresAt,
          product: 'pack',
          packId: pack.id,
        },
      },
      stripeMetadata(event, `pack:${session.id}`, `Credit pack: ${pack.name}`),
    );
    await this.applyPendingRefunds(paymentIntentId);
    return true;
  }

  async paymentFor(paymentIntentId: string): Promise<PackPayment | null> {
    const result = await this.db.query<PackPayment>(
      `SELECT checkout_session_id, user_id, kind FROM billing_pack_payments WHERE payment_intent_id = $1`,
      [paymentIntentId],
    );
    return result.rows[0] ?? null;
  }

  async purchaseRecorded(payment: PackPayment): Promise<boolean> {
    const { state } = await this.ledger.credits.read(creditStreamId(payment.user_id));
    return state.seenKeys[`pack:${payment.checkout_session_id}`] !== undefined;
  }

  /**
   * A fully refunded pack payment takes back what is still unspent of its lot, no more (spent
   * credits stay spent; held ones end when their hold is released). Keyed by the charge; the
   * refund was kept in pending_refunds first, and its row goes once applied. False when it must
   * wait: a gift payment whose gift is not issued yet (its row stays).
   */
  async revoke(eventId: string, chargeId: string, payment: PackPayment): Promise<boolean> {
    await this.db.query(
      `UPDATE billing_pack_payments SET refunded_at = coalesce(refunded_at, now())
       WHERE checkout_session_id = $1`,
      [payment.checkout_session_id],
    );
    // A gift's credits are not the buyer's: the gift is voided, or the redeemer's lot taken back.
    if (payment.kind === 'gift') {
      // Its gift not issued yet: the kept refund waits for it (applyPendingRefunds).
      if (!(await this.gifts.refunded(payment.checkout_session_id, eventId))) return false;
    } else {
      await this.ledger.credits.handle(
        creditStreamId(payment.user_id),
        {
          type: 'RevokeCredits',
          data: {
            userId: payment.user_id,
            lotId: packPurchaseId(payment.checkout_session_id),
            reference: chargeId,
          },
        },
        refundMetadata(eventId, chargeId, 'Pack payment refunded: unspent credits taken back'),
      );
    }
    await this.db.query('DELETE FROM pending_refunds WHERE charge_id = $1', [chargeId]);
    return true;
  }

  /** The same for a checkout session, by its id (a gift the reconciler issued after a crash). */
  async applyPendingRefundsOfCheckout(checkoutSessionId: string) {
    const { rows } = await this.db.query<{ payment_intent_id: string | null }>(
      'SELECT payment_intent_id FROM billing_pack_payments WHERE checkout_session_id = $1',
      [checkoutSessionId],
    );
    await this.applyPendingRefunds(rows[0]?.payment_intent_id ?? null);
  }

  /** Refunds that arrived before the session completed, applied once its credits are bought. */
  async applyPendingRefunds(paymentIntentId: string | null) {
    if (!paymentIntentId) return;
    const payment = await this.paymentFor(paymentIntentId);
    if (!payment) return;
    const pending = await this.db.query<{ charge_id: string; event_id: string }>(
      'SELECT charge_id, event_id FROM pending_refunds WHERE payment_intent_id = $1',
      [paymentIntentId],
    );
    for (const refund of pending.rows)
      await this.revoke(refund.event_id, refund.charge_id, payment);
  }
}
