import { subscriptionStreamId } from '@app/ledger';
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
 * Looked up in the stream after each command rather than taken from the events it appended, so a
 * delivery that stopped after the record finishes the work when the provider sends it again.
 * False when this is not a second plan.
 */
export async function endIfSecondPlan(
  deps: WebhookDeps,
  userId: string,
  subscriptionId: string,
  payment: SecondPlanPayment | null,
): Promise<boolean> {
  const { ledger, gateway } = deps;
  const { state } = await ledger.subscriptions.read(subscriptionStreamId(userId));
  if (!state.secondPlans[subscriptionId]) return false;
  await gateway.endSubscriptionNow(subscriptionId, `second-plan:${subscriptionId}`);
  if (!payment) return true;
  const refunded = payment.paymentIntentId !== null && payment.amountPaid > 0;
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

/** The customer's subscriptions that run at the provider, for the stream's decision. */
export async function runningAtProvider(
  { gateway }: WebhookDeps,
  customerId: string | null,
): Promise<string[]> {
  return customerId ? gateway.runningSubscriptionsOf(customerId) : [];
}
