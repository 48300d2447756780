import type Stripe from 'stripe';
import { idOf } from '../stripe-values';
import type { HandlerOutcome, WebhookDeps } from '../webhook-deps';

/**
 * charge.refunded: a fully refunded payment takes back what is unspent of the credits it bought
 * (a gift's payment voids the gift, or takes its credits back from the redeemer). The refund is
 * kept first (pending_refunds) and applied at once if what it paid for is in the ledger already;
 * otherwise the payment's handler applies it once it has bought the credits or issued the gift.
 * Kept before looking, never after: a purchase recorded meanwhile either is seen here or finds
 * the kept refund (each revoke is idempotent by the charge, and deletes the kept row).
 */
export async function chargeRefunded(
  event: Stripe.ChargeRefundedEvent,
  { db, packs, invoiceRefunds }: WebhookDeps,
): Promise<HandlerOutcome> {
  const charge = event.data.object;
  if (!charge.refunded) return false; // partial refunds leave the credits (see README)
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return false;
  await db.query(
    `INSERT INTO pending_refunds (charge_id, payment_intent_id, event_id) VALUES ($1, $2, $3)
     ON CONFLICT (charge_id) DO NOTHING`,
    [charge.id, paymentIntentId, event.id],
  );
  const pack = await packs.paymentFor(paymentIntentId);
  // A gift's revoke looks for its gift itself (and leaves the refund kept without one).
  if (pack && (pack.kind === 'gift' || (await packs.purchaseRecorded(pack))))
    return (await packs.revoke(event.id, charge.id, pack)) ? true : 'pending';
  const invoice = await invoiceRefunds.invoiceForPayment(paymentIntentId);
  if (invoice && (await invoiceRefunds.purchaseRecorded(invoice))) {
    await invoiceRefunds.revoke(event.id, charge.id, invoice);
    return true;
  }
  if (invoice && (await invoiceRefunds.settleSecondPlan(charge.id, invoice))) return true;
  return 'pending';
}
