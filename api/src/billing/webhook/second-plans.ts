import { subscriptionStreamId } from '@app/ledger';
import type { WebhookDeps } from './webhook-deps';

/**
 * Two checkouts opened before either was paid can both be paid, and the provider then runs two
 * subscriptions for one person. The subscription stream decides which one is the second (the
 * plan it follows stays while the provider says it runs; the decision is one append, so two
 * deliveries cannot both be first) and records it; here the second is ended at the provider and
 * the payment refunded. Looked up in the stream after each command rather than taken from the
 * events it appended, so a delivery that stopped after the record finishes the work when the
 * provider sends it again. Answers the plan kept, or null when this is not a second plan.
 */
export async function endIfSecondPlan(
  { ledger, gateway }: WebhookDeps,
  userId: string,
  subscriptionId: string,
  payment: { invoiceId: string; paymentIntentId: string | null } | null,
): Promise<{ keptPlanId: string | null } | null> {
  const { state } = await ledger.subscriptions.read(subscriptionStreamId(userId));
  if (!state.secondPlans[subscriptionId]) return null;
  await gateway.endSubscriptionNow(subscriptionId, `second-plan:${subscriptionId}`);
  if (payment?.paymentIntentId)
    await gateway.refundPayment(payment.paymentIntentId, `second-plan:${payment.invoiceId}`);
  return { keptPlanId: state.planId };
}

/** The customer's subscriptions that run at the provider, for the stream's decision. */
export async function runningAtProvider(
  { gateway }: WebhookDeps,
  customerId: string | null,
): Promise<string[]> {
  return customerId ? gateway.runningSubscriptionsOf(customerId) : [];
}
