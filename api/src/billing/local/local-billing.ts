import { createHash } from 'node:crypto';
import { withTransaction } from '@app/ledger';
import type pg from 'pg';
import { AppError, notFound } from '../../shared/errors';
import type {
  CheckoutRequest,
  PackCheckoutRequest,
  PaidInvoice,
  PaymentGateway,
} from '../payment-gateway';
import { packById } from '../packs';
import { isPaidPlan, planById, type PlanId } from '../plans';
import type { StripeWebhookService } from '../webhook/stripe-webhook-service';
import { LocalBillingOutbox } from './local-billing-outbox';
import { alreadySubscribedMessage } from '../billing-service';
import {
  createLocalPackSession,
  localPackPaymentIntent,
  localPaidPackCheckouts,
  paidPackSessionObject,
} from './local-pack-checkout';
import {
  checkoutSessionObject,
  localId,
  paidInvoiceObject,
  periodInvoiceId,
  refundedChargeObject,
  subscriptionObject,
  type LocalSubscription,
} from './stripe-objects';

/** The local customer of a user: one per user, like a Stripe customer. */
export const localCustomerIdFor = (userId: string) =>
  `cus_local_${createHash('sha256').update(userId).digest('hex').slice(0, 16)}`;

/** Like Stripe's, a portal link is short-lived: it is made when the user asks for it. */
const PORTAL_SESSION_TTL_SECONDS = 60 * 60;

const addMonth = (date: Date) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

interface SubscriptionRow {
  id: string;
  user_id: string;
  customer_id: string;
  plan_id: string;
  status: string;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  scheduled_plan_id: string | null;
}

const toSubscription = (row: SubscriptionRow): LocalSubscription => ({
  id: row.id,
  userId: row.user_id,
  customerId: row.customer_id,
  planId: row.plan_id,
  status: row.status,
  currentPeriodStart: row.current_period_start,
  currentPeriodEnd: row.current_period_end,
  cancelAtPeriodEnd: row.cancel_at_period_end,
  scheduledPlanId: row.scheduled_plan_id,
});

/**
 * The embedded stand-in for Stripe (PAYMENTS=local): hosted checkout, portal and renewals that
 * emit Stripe-shaped events, signed with the local webhook secret, into the real webhook handler.
 */
export class LocalBilling implements PaymentGateway {
  readonly kind = 'local' as const;
  readonly outbox: LocalBillingOutbox;

  constructor(
    private readonly db: pg.Pool,
    webhookSecret: string,
  ) {
    this.outbox = new LocalBillingOutbox(db, webhookSecret);
  }

  /** The webhook handler events are delivered to (set once both exist). */
  connect(webhooks: StripeWebhookService) {
    this.outbox.connect(webhooks);
  }

  planForPrice(priceId: string): PlanId | null {
    const planId = priceId.replace(/^price_local_/, '');
    return isPaidPlan(planId) ? (planId as PlanId) : null;
  }

  async createCheckoutSession(request: CheckoutRequest) {
    const id = localId('cs');
    await this.db.query(
      `INSERT INTO local_checkout_sessions (id, user_id, plan_id, status, success_url, cancel_url) VALUES ($1, $2, $3, 'open', $4, $5)`,
      [id, request.userId, request.planId, request.successUrl, request.cancelUrl],
    );
    return { sessionId: id, url: `/billing/checkout/${id}` };
  }

  createPackCheckoutSession(request: PackCheckoutRequest) {
    return createLocalPackSession(this.db, request);
  }

  listPaidPackCheckouts() {
    return localPaidPackCheckouts(this.db);
  }

  /**
   * A full refund of a paid pack session, reported as Stripe does (one charge per payment). A
   * payment is refunded once: the first call claims it (one conditional UPDATE, with its event in
   * the same transaction); later or concurrent calls change nothing and send nothing.
   */
  async refundCheckoutPayment(
    checkoutSessionId: string,
    _idempotencyKey: string,
    now = new Date(),
  ) {
    const session = await this.checkoutSession(checkoutSessionId);
    const pack = session.pack;
    if (session.status !== 'complete' || !pack)
      throw new AppError('NOT_PAID', 'This checkout session was not paid', 409);
    const paymentIntent = localPackPaymentIntent(session.id);
    const refunded = await withTransaction(this.db, async (client) => {
      const claim = await client.query(
        'UPDATE local_checkout_sessions SET refunded_at = $2 WHERE id = $1 AND refunded_at IS NULL',
        [session.id, now],
      );
      if (claim.rowCount !== 1) return null;
      return this.outbox.record(
        client,
        'charge.refunded',
        refundedChargeObject({
          id: `ch_${paymentIntent.replace(/^pi_/, '')}`,
          paymentIntent,
          amountCents: pack.priceCents,
        }),
        now,
      );
    });
    if (refunded) await this.outbox.send([refunded]);
  }

  async createPortalSession(customerId: string, returnUrl: string) {
    const id = localId('bps');
    await this.db.query(
      'INSERT INTO local_portal_sessions (id, customer_id, return_url) VALUES ($1, $2, $3)',
      [id, customerId, returnUrl],
    );
    return { url: `/billing/portal/${id}` };
  }

  async findInvoiceForPayment(): Promise<string | null> {
    return null; // local invoices carry their payment in `payments`, recorded when paid
  }

  /** The local "Stripe" keeps its invoices where the webhook recorded them. */
  async *listPaidInvoices(): AsyncIterable<PaidInvoice> {
    const { rows } = await this.db.query<{
      invoice_id: string;
      customer_id: string | null;
      amount_paid: number;
      currency: string;
      paid_at: Date;
    }>(
      'SELECT invoice_id, customer_id, amount_paid, currency, paid_at FROM billing_invoices ORDER BY paid_at',
    );
    for (const row of rows) {
      yield {
        invoiceId: row.invoice_id,
        customerId: row.customer_id,
        amountPaid: row.amount_paid,
        currency: row.currency,
        paidAt: row.paid_at,
      };
    }
  }

  async checkoutSession(id: string) {
    const result = await this.db.query<{
      id: string;
      user_id: string;
      plan_id: string;
      kind: 'plan' | 'pack' | 'gift';
      status: string;
      success_url: string;
      cancel_url: string;
      email: string;
    }>(
      `SELECT s.*, u.email FROM local_checkout_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
      [id],
    );
    const row = result.rows[0];
    if (!row) throw notFound('This checkout session does not exist');
    return { ...row, plan: planById(row.plan_id), pack: packById(row.plan_id) };
  }

  /**
   * Pay a pack (or gift): one payment, no subscription. The open → complete step is one conditional
   * UPDATE, so of concurrent or repeated payments only one sends checkout.session.completed.
   */
  private async payPack(session: Awaited<ReturnType<LocalBilling['checkoutSession']>>, now: Date) {
    const paid = await withTransaction(this.db, async (client) => {
      const claim = await client.query(
        `UPDATE local_checkout_sessions SET status = 'complete', completed_at = $2
         WHERE id = $1 AND status = 'open'`,
        [session.id, now],
      );
      if (claim.rowCount !== 1) return null;
      return [
        await this.outbox.record(
          client,
          'checkout.session.completed',
          paidPackSessionObject({
            id: session.id,
            userId: session.user_id,
            customerId: localCustomerIdFor(session.user_id),
            pack: session.pack!,
            kind: session.kind === 'gift' ? 'gift' : 'pack',
            paidAt: now,
            successUrl: session.success_url,
            cancelUrl: session.cancel_url,
          }),
          now,
        ),
      ];
    });
    // Recorded with the payment; a failed hand-over is retried by the outbox.
    if (paid) await this.outbox.send(paid);
    return session.success_url;
  }

  /**
   * Pay: customer and subscription are created, then checkout.session.completed and invoice.paid
   * are delivered. A session is paid once: the open → complete step is one conditional UPDATE taken
   * before anything else, in the same transaction as the subscription, so of any number of
   * concurrent or repeated payments only one buys anything; the others just go to the success page.
   */
  async pay(sessionId: string, now = new Date()): Promise<string> {
    const session = await this.checkoutSession(sessionId);
    if (session.status !== 'open') return session.success_url;
    if (session.kind !== 'plan') return this.payPack(session, now);
    const plan = session.plan!;
    const customerId = localCustomerIdFor(session.user_id);
    const subscription: LocalSubscription = {
      id: localId('sub'),
      userId: session.user_id,
      customerId,
      planId: plan.id,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: addMonth(now),
      cancelAtPeriodEnd: false,
      scheduledPlanId: null,
    };
    // One live subscription per user (a unique index): a plan is never bought on top of another;
    // the transaction then rolls back and the session stays open.
    const claimed = await withTransaction(this.db, async (client) => {
      const claim = await client.query(
        `UPDATE local_checkout_sessions SET status = 'complete', completed_at = now()
         WHERE id = $1 AND status = 'open'`,
        [sessionId],
      );
      if (claim.rowCount !== 1) return null;
      await client.query(
        `INSERT INTO local_subscriptions (id, user_id, customer_id, plan_id, status, current_period_start, current_period_end)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          subscription.id,
          subscription.userId,
          customerId,
          subscription.planId,
          'active',
          subscription.currentPeriodStart,
          subscription.currentPeriodEnd,
        ],
      );
      return [
        await this.outbox.record(
          client,
          'checkout.session.completed',
          checkoutSessionObject({
            id: sessionId,
            userId: session.user_id,
            plan,
            customerId,
            subscriptionId: subscription.id,
            successUrl: session.success_url,
            cancelUrl: session.cancel_url,
          }),
          now,
        ),
        await this.outbox.record(
          client,
          'invoice.paid',
          paidInvoiceObject(subscription, plan, now),
          now,
        ),
      ];
    }).catch(async (error: unknown) => {
      if ((error as { constraint?: string }).constraint !== 'local_subscriptions_one_live_idx')
        throw error;
      const live = await this.currentSubscription({ userId: session.user_id });
      throw new AppError(
        'ALREADY_SUBSCRIBED',
        alreadySubscribedMessage(
          planById(live?.planId)?.name ?? 'plan',
          live?.cancelAtPeriodEnd ? live.currentPeriodEnd.toISOString() : null,
        ),
        409,
      );
    });
    if (!claimed) return session.success_url;
    // The payment's events were recorded with it; a failed hand-over is retried by the outbox.
    await this.outbox.send(claimed);
    return session.success_url;
  }

  async portal(portalId: string) {
    const result = await this.db.query<{ customer_id: string; return_url: string }>(
      `SELECT * FROM local_portal_sessions WHERE id = $1 AND created_at > now() - make_interval(secs => $2)`,
      [portalId, PORTAL_SESSION_TTL_SECONDS],
    );
    const portal = result.rows[0];
    if (!portal) throw notFound('This portal session does not exist or has expired');
    return {
      ...portal,
      subscription: await this.currentSubscription({ customerId: portal.customer_id }),
    };
  }

  async currentSubscription(by: {
    customerId?: string;
    userId?: string;
  }): Promise<LocalSubscription | null> {
    const result = await this.db.query<SubscriptionRow>(
      `SELECT * FROM local_subscriptions WHERE (customer_id = $1 OR user_id = $2) AND status <> 'canceled'
       ORDER BY created_at DESC LIMIT 1`,
      [by.customerId ?? null, by.userId ?? null],
    );
    return result.rows[0] ? toSubscription(result.rows[0]) : null;
  }

  /** Portal actions: cancel at period end, or resume a plan set to cancel. */
  async setCancelAtPeriodEnd(customerId: string, cancelAtPeriodEnd: boolean, now = new Date()) {
    const subscription = await this.liveSubscription(customerId);
    const changed = await this.db.query<SubscriptionRow>(
      `UPDATE local_subscriptions SET cancel_at_period_end = $2
       WHERE id = $1 AND status <> 'canceled' AND cancel_at_period_end <> $2 RETURNING *`,
      [subscription.id, cancelAtPeriodEnd],
    );
    if (!changed.rows[0]) return subscription; // already so: nothing changes, no event
    const updated = toSubscription(changed.rows[0]);
    await this.deliver('customer.subscription.updated', subscriptionObject(updated), now);
    return updated;
  }

  async cancelSubscriptionsNow(userId: string, _customerId: string | null, now = new Date()) {
    const subscription = await this.currentSubscription({ userId });
    if (!subscription) return 0;
    await this.db.query(`UPDATE local_subscriptions SET status = 'canceled' WHERE id = $1`, [
      subscription.id,
    ]);
    await this.deliver(
      'customer.subscription.deleted',
      subscriptionObject({ ...subscription, status: 'canceled' }, now),
      now,
    );
    return 1;
  }

  async endSubscriptionNow(subscriptionId: string, _idempotencyKey: string, now = new Date()) {
    // One conditional UPDATE: of concurrent calls exactly one ends it and sends the event.
    const ended = await this.db.query<SubscriptionRow>(
      `UPDATE local_subscriptions SET status = 'canceled'
       WHERE id = $1 AND status <> 'canceled' RETURNING *`,
      [subscriptionId],
    );
    if (!ended.rows[0]) return false;
    await this.deliver(
      'customer.subscription.deleted',
      subscriptionObject(toSubscription(ended.rows[0]), now),
      now,
    );
    return true;
  }

  /**
   * Portal: switch plans. Up to a dearer plan at once: the prorated difference for the rest of the
   * period is invoiced and paid now, and that invoice's credits replace what is left of the old
   * plan's for this period (which expires). Down to a cheaper plan at the period's end: scheduled,
   * the renewal bills the new plan. Choosing the current plan again drops a scheduled change.
   * Each change is one conditional UPDATE, so concurrent clicks change the plan once.
   */
  async switchPlan(customerId: string, planId: string, now = new Date()) {
    if (!isPaidPlan(planId)) throw new AppError('BAD_PLAN', 'Choose a paid plan', 400);
    const subscription = await this.liveSubscription(customerId);
    const current = planById(subscription.planId)!;
    const target = planById(planId)!;
    if (target.price > current.price) {
      const upgraded = await this.db.query<SubscriptionRow>(
        `UPDATE local_subscriptions SET plan_id = $3, scheduled_plan_id = NULL, cancel_at_period_end = false
         WHERE id = $1 AND status <> 'canceled' AND plan_id = $2 AND current_period_end > $4 RETURNING *`,
        [subscription.id, current.id, target.id, now],
      );
      if (!upgraded.rows[0]) return subscription;
      const updated = toSubscription(upgraded.rows[0]);
      const period = updated.currentPeriodEnd.getTime() - updated.currentPeriodStart.getTime();
      const left = updated.currentPeriodEnd.getTime() - now.getTime();
      const prorated = Math.max(
        0,
        Math.round(((target.price - current.price) * Math.min(left, period)) / period),
      );
      // The rest of the period from now (or the whole of it, if it has not begun: the operator's
      // advance moves periods ahead of time).
      const invoicedPeriod = {
        ...updated,
        currentPeriodStart: new Date(Math.max(now.getTime(), updated.currentPeriodStart.getTime())),
      };
      await this.deliver(
        'invoice.paid',
        paidInvoiceObject(invoicedPeriod, target, now, {
          // One upgrade to a plan per period: the id names subscription, period and plan.
          id: `${periodInvoiceId(updated.id, updated.currentPeriodStart)}_up_${target.id}`,
          amountPaid: prorated,
          billingReason: 'subscription_update',
        }),
        now,
      );
      await this.deliver('customer.subscription.updated', subscriptionObject(updated), now);
      return updated;
    }
    const scheduled = target.id === current.id ? null : target.id;
    const changed = await this.db.query<SubscriptionRow>(
      `UPDATE local_subscriptions SET scheduled_plan_id = $2
       WHERE id = $1 AND status <> 'canceled' AND scheduled_plan_id IS DISTINCT FROM $2 RETURNING *`,
      [subscription.id, scheduled],
    );
    if (!changed.rows[0]) return subscription;
    const updated = toSubscription(changed.rows[0]);
    await this.deliver('customer.subscription.updated', subscriptionObject(updated), now);
    return updated;
  }

  private async liveSubscription(customerId: string) {
    const subscription = await this.currentSubscription({ customerId });
    if (!subscription)
      throw new AppError('NO_SUBSCRIPTION', 'There is no subscription to change', 409);
    return subscription;
  }

  /**
   * Operator tool: moves a subscription to its next period at once, as Stripe would at renewal
   * (invoice.paid for the new period; or, when cancellation was scheduled, the subscription ends).
   * Keyed by subscription and period: the conditional UPDATE names the period being left, so of
   * any number of callers racing on one period exactly one renews (or ends) it; the others are
   * told it already happened. The invoice id names subscription and period too.
   */
  async advance(
    userId: string,
    now = new Date(),
  ): Promise<'renewed' | 'ended' | 'already renewed' | 'already ended'> {
    const subscription = await this.currentSubscription({ userId });
    if (!subscription)
      throw new AppError('NO_SUBSCRIPTION', 'This user has no local subscription', 409);
    if (subscription.cancelAtPeriodEnd) {
      const ended = await this.db.query(
        `UPDATE local_subscriptions SET status = 'canceled'
         WHERE id = $1 AND status <> 'canceled' AND current_period_end = $2 RETURNING id`,
        [subscription.id, subscription.currentPeriodEnd],
      );
      if (ended.rowCount === 0) return 'already ended';
      await this.deliver(
        'customer.subscription.deleted',
        subscriptionObject({ ...subscription, status: 'canceled' }, now),
        now,
      );
      return 'ended';
    }
    const renewal = await withTransaction(this.db, async (client) => {
      const renewed = await client.query<SubscriptionRow>(
        `UPDATE local_subscriptions
         SET current_period_start = current_period_end,
             current_period_end = current_period_end + interval '1 month',
             plan_id = coalesce(scheduled_plan_id, plan_id), scheduled_plan_id = NULL
         WHERE id = $1 AND status <> 'canceled' AND current_period_end = $2 AND NOT cancel_at_period_end
         RETURNING *`,
        [subscription.id, subscription.currentPeriodEnd],
      );
      const row = renewed.rows[0];
      if (!row) return null;
      const next = toSubscription(row);
      return [
        await this.outbox.record(
          client,
          'invoice.paid',
          paidInvoiceObject(next, planById(next.planId)!, now),
          now,
        ),
        await this.outbox.record(
          client,
          'customer.subscription.updated',
          subscriptionObject(next),
          now,
        ),
      ];
    });
    if (!renewal) return 'already renewed';
    await this.outbox.send(renewal);
    return 'renewed';
  }

  /** Records the event, then hands it to the webhook handler: the real path runs. */
  private async deliver(type: string, object: unknown, created = new Date()) {
    await this.outbox.send([await this.outbox.record(this.db, type, object, created)]);
  }
}
