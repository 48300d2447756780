import type Stripe from 'stripe';
import { subscriptionStreamId } from '@app/ledger';
import { idOf, seconds, stripeMetadata } from '../stripe-values';
import type { HandlerOutcome, WebhookDeps } from '../webhook-deps';

/** invoice.payment_failed: the subscription's payment is recorded as failed (past due). */
export async function invoicePaymentFailed(
  event: Stripe.InvoicePaymentFailedEvent,
  { ledger, customers }: WebhookDeps,
): Promise<HandlerOutcome> {
  const invoice = event.data.object;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return false;
  const userId = await customers.userForInvoice(invoice);
  await ledger.subscriptions.handle(
    subscriptionStreamId(userId),
    {
      type: 'RecordPaymentFailed',
      data: {
        userId,
        subscriptionId,
        invoiceId: invoice.id!,
        observedAt: seconds(event.created),
      },
    },
    stripeMetadata(event, `invoice-failed:${event.id}`, 'Payment failed'),
  );
  return true;
}
