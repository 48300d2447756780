import type Stripe from 'stripe';
import { creditStreamId, subscriptionStreamId } from '@app/ledger';
import { planById, type Plan, type PlanId } from '../../plans';
import { idOf, paymentIntentOf, seconds, stripeMetadata } from '../stripe-values';
import { endIfSecondPlan, recordPlanNews } from '../second-plans';
import type { HandlerOutcome, WebhookDeps } from '../webhook-deps';

/** A paid billing period, from its invoice line. */
interface Period {
  start: Date;
  end: Date;
}

/**
 * invoice.paid: the invoice is kept, the period's credits arrive, late news is corrected; a second
 * plan (another subscription paid while the one followed runs) is ended and refunded instead.
 */
export async function invoicePaid(
  event: Stripe.InvoicePaidEvent,
  deps: WebhookDeps,
): Promise<HandlerOutcome> {
  const invoice = event.data.object;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return false; // one-off invoices buy nothing here
  const userId = await deps.customers.userForInvoice(invoice);
  const { plan, line } = planOfInvoice(deps, invoice);
  const period = { start: seconds(line.period.start), end: seconds(line.period.end) };
  // Stripe's invoice events leave out the payments: asked for, so refunds find the invoice.
  const paymentIntentId =
    paymentIntentOf(invoice) ?? (await deps.gateway.findPaymentOfInvoice(invoice.id!));
  await recordInvoice(deps, event, invoice, {
    userId,
    subscriptionId,
    planId: plan.id,
    period,
    paymentIntentId,
  });
  await recordPlanNews(deps, userId, subscriptionId, (followedAtProvider) =>
    deps.ledger.subscriptions.handle(
      subscriptionStreamId(userId),
      {
        type: 'RecordPeriodPaid',
        data: {
          userId,
          subscriptionId,
          planId: plan.id,
          invoiceId: invoice.id!,
          periodStart: period.start,
          periodEnd: period.end,
          followedAtProvider,
          observedAt: seconds(event.created),
        },
      },
      stripeMetadata(event, `invoice-period:${invoice.id}`, 'Invoice paid'),
    ),
  );
  // A second plan buys nothing: ended and refunded in full instead.
  const payment = {
    invoiceId: invoice.id!,
    paymentIntentId,
    planId: plan.id,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
  };
  const stream = subscriptionStreamId(userId);
  const recorded = (await deps.ledger.subscriptions.read(stream)).state;
  if (await endIfSecondPlan(deps, recorded, userId, subscriptionId, payment)) return true;
  // Not a period of the plan followed: late news of a plan that has ended (or ended before).
  const accepted = recorded.paidInvoices[invoice.id!] === true;
  await creditPeriod(deps, event, invoice, userId, plan, period, accepted);
  // Read again once the credits are in: a later period accepted meanwhile makes this one late.
  const { state } = await deps.ledger.subscriptions.read(stream);
  await expireLateInvoiceCredits(deps, event, invoice, userId, period.start, {
    paidInvoiceIds: Object.keys(state.paidInvoices),
    planEnded: state.endedSubscriptions[subscriptionId] === true || !accepted,
  });
  await deps.invoiceRefunds.applyPending(
    { invoice_id: invoice.id!, user_id: userId },
    paymentIntentId,
  );
  return true;
}

/**
 * A plan change's invoice carries a credit line for the old plan's unused time (negative) and a
 * charge for the new plan's: the plan bought is the charged line's.
 */
function planOfInvoice({ gateway }: WebhookDeps, invoice: Stripe.Invoice) {
  const line =
    invoice.lines.data.find(
      (candidate) =>
        candidate.amount > 0 &&
        gateway.planForPrice(idOf(candidate.pricing?.price_details?.price) ?? ''),
    ) ?? invoice.lines.data[0];
  const priceId = idOf(line?.pricing?.price_details?.price);
  const planId =
    (priceId && gateway.planForPrice(priceId)) ||
    (invoice.parent?.subscription_details?.metadata?.planId as PlanId | undefined);
  const plan = planById(planId);
  if (!plan || !line) throw new Error(`invoice ${invoice.id} names no plan we sell`);
  return { plan, line };
}

/** Keeps the invoice for finance. */
async function recordInvoice(
  { db }: WebhookDeps,
  event: Stripe.Event,
  invoice: Stripe.Invoice,
  paid: {
    userId: string;
    subscriptionId: string;
    planId: string;
    period: Period;
    paymentIntentId: string | null;
  },
) {
  await db.query(
    `INSERT INTO billing_invoices (invoice_id, user_id, customer_id, subscription_id, plan_id, amount_paid, currency,
       period_start, period_end, payment_intent_id, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (invoice_id) DO NOTHING`,
    [
      invoice.id,
      paid.userId,
      idOf(invoice.customer),
      paid.subscriptionId,
      paid.planId,
      invoice.amount_paid,
      invoice.currency,
      paid.period.start,
      paid.period.end,
      paid.paymentIntentId,
      seconds(invoice.status_transitions?.paid_at ?? event.created),
    ],
  );
}

/**
 * Credits reset each period: what is left of earlier paid periods expires now (no rollover).
 * An upgrade within the period (billing reason subscription_update) replaces what is left of
 * this period's credits of the old plan: they expire now and the new plan's arrive.
 */
async function creditPeriod(
  { ledger }: WebhookDeps,
  event: Stripe.Event,
  invoice: Stripe.Invoice,
  userId: string,
  plan: Plan,
  period: Period,
  ofPlanFollowed: boolean,
) {
  const credits = creditStreamId(userId);
  const planChange = invoice.billing_reason === 'subscription_update';
  // Only a period of the plan followed resets its credits (a late invoice of an ended plan
  // must not expire the live plan's).
  if (ofPlanFollowed)
    await ledger.credits.handle(
      credits,
      {
        type: 'ExpireCredits',
        data: { userId, paidExpiringBy: planChange ? period.end : period.start },
      },
      stripeMetadata(
        event,
        `invoice-reset:${invoice.id}`,
        planChange
          ? `Plan changed to ${plan.name}: the old plan's credits for this period are replaced`
          : 'New billing period: earlier credits expire',
      ),
    );
  await ledger.credits.handle(
    credits,
    {
      type: 'PurchaseCredits',
      data: {
        userId,
        purchaseId: `purchase-${invoice.id}`,
        amount: plan.creditsPerMonth,
        planId: plan.id,
        invoiceId: invoice.id!,
        amountPaidCents: invoice.amount_paid,
        currency: invoice.currency,
        periodStart: period.start,
        periodEnd: period.end,
        expiresAt: period.end,
      },
    },
    stripeMetadata(event, `invoice:${invoice.id}`, `${plan.name}: credits for the period`),
  );
}

/**
 * Late news, whatever order the deliveries came in: a later period or the plan's end. Only the
 * periods the subscription stream accepted count (a refused second plan's invoice is no later
 * period of the plan followed).
 */
async function expireLateInvoiceCredits(
  { db, ledger }: WebhookDeps,
  event: Stripe.Event,
  invoice: Stripe.Invoice,
  userId: string,
  periodStart: Date,
  stream: { paidInvoiceIds: string[]; planEnded: boolean },
) {
  const credits = creditStreamId(userId);
  const latest = await db.query<{ start: Date }>(
    'SELECT max(period_start) AS start FROM billing_invoices WHERE invoice_id = ANY($1::text[])',
    [stream.paidInvoiceIds],
  );
  if (latest.rows[0]?.start && latest.rows[0].start > periodStart) {
    // A late invoice of an earlier period: a later one is already paid, so this period's
    // credits are over (no rollover), whatever order the deliveries came in.
    await ledger.credits.handle(
      credits,
      { type: 'ExpireCredits', data: { userId, lotIds: [`purchase-${invoice.id}`] } },
      stripeMetadata(
        event,
        `invoice-superseded:${invoice.id}`,
        'A later period is already paid: these credits expire',
      ),
    );
  }
  if (stream.planEnded) {
    // A late invoice of a plan that has already ended: its credits end with the plan.
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    await ledger.credits.handle(
      credits,
      { type: 'ExpireCredits', data: { userId, lotIds: [`purchase-${invoice.id}`] } },
      stripeMetadata(
        event,
        `subscription-ended:${subscriptionId}:${invoice.id}`,
        'Plan already ended: the credits of this late invoice expire',
      ),
    );
  }
}
