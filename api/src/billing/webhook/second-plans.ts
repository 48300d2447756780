import {
  ProviderCheckOutdatedError,
  subscriptionStreamId,
  type FollowedAtProvider,
  type SubscriptionState,
} from '@app/ledger';
import type { WebhookDeps } from './webhook-deps';

/** The payment of a refused plan's invoice, and what the mail says of it. */
export interface SecondPlanPayment {
  invoiceId: string;
  paymentIntentId: string | null;
  planId: string;
  amountPaid: number;
  currency: string;
}

/**
 * Two checkouts opened before either was paid can both be paid, and the provider then runs two
 * subscriptions for one person. The subscription stream decides which one is the second (the
 * plan it follows stays while the provider says it runs; the decision is one append, so two
 * deliveries cannot both be first) and records it; here the second is ended at the provider, its
 * payment refunded (a refund kept before it was refused is settled), its invoice marked refused,
 * and the customer told once.
 * Decided on the stream's state read after each command (`state`) rather than on the events it
 * appended, so a delivery that stopped after the record finishes the work when sent again.
 * False when this is not a second plan.
 */
export async function endIfSecondPlan(
  deps: WebhookDeps,
  state: SubscriptionState,
  userId: string,
  subscriptionId: string,
  payment: SecondPlanPayment | null,
): Promise<boolean> {
  const { gateway } = deps;
  if (!state.secondPlans[subscriptionId]) return false;
  await gateway.endSubscriptionNow(subscriptionId, `second-plan:${subscriptionId}`);
  if (!payment) return true;
  const refunded = payment.amountPaid > 0;
  if (refunded && !payment.paymentIntentId) {
    // Stripe names an invoice's payment; until it can be found there is nothing to refund: the
    // delivery fails and is sent again, and nothing is marked meanwhile.
    throw new Error(`second plan's invoice ${payment.invoiceId} has no payment to refund yet`);
  }
  if (refunded) {
    await gateway.refundPayment(payment.paymentIntentId!, `second-plan:${payment.invoiceId}`);
    const invoice = { invoice_id: payment.invoiceId, user_id: userId };
    await deps.invoiceRefunds.settlePendingOfSecondPlan(invoice, payment.paymentIntentId!);
  }
  if ((await markRefused(deps, payment.invoiceId)) && refunded) {
    await deps.notices.secondPlanRefunded(
      userId,
      { planId: payment.planId, amountPaid: payment.amountPaid, currency: payment.currency },
      state.planId,
    );
  }
  return true;
}

/** Marks the invoice refused, once all is done: true for the one delivery that marks it. */
async function markRefused({ db }: WebhookDeps, invoiceId: string): Promise<boolean> {
  const marked = await db.query(
    `UPDATE billing_invoices SET second_plan_refused_at = now()
     WHERE invoice_id = $1 AND second_plan_refused_at IS NULL`,
    [invoiceId],
  );
  return marked.rowCount === 1;
}

/**
 * Records news of a plan in the subscription stream with what the provider says of the plan the
 * stream follows, when that is another live plan (the decider needs it to tell a second plan from
 * a successor); asked again when a concurrent delivery changed the plan followed meanwhile.
 */
export async function recordPlanNews(
  { ledger, gateway }: WebhookDeps,
  userId: string,
  subscriptionId: string,
  record: (followedAtProvider: FollowedAtProvider) => Promise<unknown>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { state } = await ledger.subscriptions.read(subscriptionStreamId(userId));
    const followed = state.subscriptionId;
    const live = state.status === 'active' || state.status === 'past_due';
    const followedAtProvider =
      followed && followed !== subscriptionId && live
        ? { subscriptionId: followed, runs: await gateway.subscriptionRuns(followed) }
        : null;
    try {
      await record(followedAtProvider);
      return;
    } catch (error) {
      if (!(error instanceof ProviderCheckOutdatedError) || attempt >= 3) throw error;
    }
  }
}
