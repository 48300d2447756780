import type Stripe from 'stripe';
import { creditStreamId, subscriptionStreamId } from '@app/ledger';
import { seconds, stripeMetadata } from '../stripe-values';
import type { HandlerOutcome, WebhookDeps } from '../webhook-deps';

/** customer.subscription.deleted: the plan ends, and with it what is left of its credits. */
export async function subscriptionDeleted(
  event: Stripe.CustomerSubscriptionDeletedEvent,
  { db, ledger, customers }: WebhookDeps,
): Promise<HandlerOutcome> {
  const subscription = event.data.object;
  const userId = await customers.userForSubscription(subscription);
  await ledger.subscriptions.handle(
    subscriptionStreamId(userId),
    {
      type: 'CancelSubscription',
      data: {
        userId,
        subscriptionId: subscription.id,
        canceledAt: seconds(subscription.canceled_at ?? event.created),
        observedAt: seconds(event.created),
      },
    },
    stripeMetadata(event, `subscription-deleted:${subscription.id}`, 'Subscription canceled'),
  );
  // The plan has ended: what is left of its periods' credits expires now, not at the period's
  // end (immediate cancel, refund, or an early end): the credits belonged to the plan.
  const invoices = await db.query<{ invoice_id: string }>(
    'SELECT invoice_id FROM billing_invoices WHERE subscription_id = $1',
    [subscription.id],
  );
  if (invoices.rows.length > 0) {
    await ledger.credits.handle(
      creditStreamId(userId),
      {
        type: 'ExpireCredits',
        data: { userId, lotIds: invoices.rows.map((row) => `purchase-${row.invoice_id}`) },
      },
      stripeMetadata(
        event,
        `subscription-ended:${subscription.id}`,
        'Plan ended: its remaining credits expire',
      ),
    );
  }
  return true;
}
