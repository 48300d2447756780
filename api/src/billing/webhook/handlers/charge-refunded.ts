import type Stripe from 'stripe';
import { idOf } from '../stripe-values';
import type { HandlerOutcome, WebhookDeps } from '../webhook-deps';

/**
 * charge.refunded: a fully refunded payment takes back what is unspent of the credits it bought.
 * A refund that arrives before its invoice is kept (pending_refunds) and applied when the invoice
 * is recorded.
 */
export async function chargeRefunded(
  event: Stripe.ChargeRefundedEvent,
  { db, packs, invoiceRefunds }: WebhookDeps,
): Promise<HandlerOutcome> {
  const charge = event.data.object;
  if (!charge.refunded) return false; // partial refunds leave the credits (see README)
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return false;
  const pack = await packs.paymentFor(paymentIntentId);
  if (pack) return (await packs.revoke(event.id, charge.id, pack)) ? true : 'pending';
  const found = await invoiceRefunds.invoiceForPayment(paymentIntentId);
  if (found) {
    await invoiceRefunds.revoke(event.id, charge.id, found);
    return true;
  }
  await db.query(
    `INSERT INTO pending_refunds (charge_id, payment_intent_id, event_id) VALUES ($1, $2, $3)
     ON CONFLICT (charge_id) DO NOTHING`,
    [charge.id, paymentIntentId, event.id],
  );
  // The invoice may have been recorded meanwhile. Its handler looks for pending refunds only
  // after buying the credits, so if the purchase is already in the ledger it may have looked
  // before our row existed: apply it here (the revoke is idempotent by the charge id).
  const now = await invoiceRefunds.invoiceForPayment(paymentIntentId);
  if (now && (await invoiceRefunds.purchaseRecorded(now))) {
    await invoiceRefunds.revoke(event.id, charge.id, now);
    return true;
  }
  const packNow = await packs.paymentFor(paymentIntentId);
  // A gift's revoke checks for its gift itself (and keeps the refund pending without one).
  if (packNow && (packNow.kind === 'gift' || (await packs.purchaseRecorded(packNow))))
    return (await packs.revoke(event.id, charge.id, packNow)) ? true : 'pending';
  return 'pending';
}
