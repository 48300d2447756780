import type Stripe from 'stripe';
import { subscriptionStreamId } from '@app/ledger';
import { idOf, seconds, stripeMetadata } from '../stripe-values';
import { endIfSecondPlan, recordPlanNews } from '../second-plans';
import type { HandlerOutcome, WebhookDeps } from '../webhook-deps';

/** checkout.session.completed: a pack or gift payment, or the start of a subscription. */
export async function checkoutCompleted(
  event: Stripe.CheckoutSessionCompletedEvent,
  deps: WebhookDeps,
): Promise<HandlerOutcome> {
  const { ledger, customers, packs } = deps;
  const session = event.data.object;
  if (session.mode === 'payment') return packs.completed(event, session);
  if (session.mode !== 'subscription') return false;
  const userId = session.client_reference_id ?? session.metadata?.userId;
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  if (!userId || !customerId || !subscriptionId)
    throw new Error(`checkout session ${session.id} lacks user, customer or subscription`);
  await customers.link(userId, customerId);
  await recordPlanNews(deps, userId, subscriptionId, (followedAtProvider) =>
    ledger.subscriptions.handle(
      subscriptionStreamId(userId),
      {
        type: 'CompleteCheckout',
        data: {
          userId,
          planId: session.metadata?.planId ?? 'pro',
          customerId,
          subscriptionId,
          checkoutSessionId: session.id,
          followedAtProvider,
          observedAt: seconds(event.created),
        },
      },
      stripeMetadata(event, `checkout:${session.id}`, 'Checkout completed'),
    ),
  );
  // A second plan is ended now; its payment is refunded with its invoice (invoice.paid).
  const { state } = await ledger.subscriptions.read(subscriptionStreamId(userId));
  await endIfSecondPlan(deps, state, userId, subscriptionId, null);
  return true;
}

/** checkout.session.async_payment_succeeded: a delayed pack or gift payment went through. */
export async function asyncPaymentSucceeded(
  event: Stripe.CheckoutSessionAsyncPaymentSucceededEvent,
  { packs }: WebhookDeps,
): Promise<HandlerOutcome> {
  const session = event.data.object;
  return session.mode === 'payment' && packs.completed(event, session);
}
