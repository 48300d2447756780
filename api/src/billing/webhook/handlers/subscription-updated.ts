import type Stripe from 'stripe';
import { subscriptionStreamId, type SubscriptionStatus } from '@app/ledger';
import { seconds, stripeMetadata } from '../stripe-values';
import type { HandlerOutcome, WebhookDeps } from '../webhook-deps';

const STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  paused: 'past_due',
};

/** customer.subscription.updated: plan, status, cancellation at period end, scheduled plan. */
export async function subscriptionUpdated(
  event: Stripe.CustomerSubscriptionUpdatedEvent,
  { ledger, gateway, customers }: WebhookDeps,
): Promise<HandlerOutcome> {
  const subscription = event.data.object;
  const userId = await customers.userForSubscription(subscription);
  const item = subscription.items.data[0];
  const planId =
    (item && gateway.planForPrice(item.price.id)) || subscription.metadata?.planId || 'pro';
  await ledger.subscriptions.handle(
    subscriptionStreamId(userId),
    {
      type: 'UpdateSubscription',
      data: {
        userId,
        subscriptionId: subscription.id,
        planId,
        status: STATUS[subscription.status] ?? 'incomplete',
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        currentPeriodEnd: item ? seconds(item.current_period_end) : null,
        scheduledPlanId: subscription.metadata?.scheduledPlanId ?? null,
        observedAt: seconds(event.created),
      },
    },
    stripeMetadata(event, `subscription-updated:${event.id}`, 'Subscription updated'),
  );
  return true;
}
