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
import { LocalSubscriptions } from './local-subscriptions';
import { alreadySubscribedMessage } from '../billing-service';
import {
  createLocalPackSession,
  localPackPaymentIntent,
  localPaidPackCheckouts,
  payLocalPackSession,
} from './local-pack-checkout';
import {
  checkoutSessionObject,
  localId,
  paidInvoiceObject,
  refundedChargeObject,
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

/**
 * The embedded stand-in for Stripe (PAYMENTS=local): hosted checkout, portal and renewals that
 * emit Stripe-shaped events, signed with the local webhook secret, into the real webhook handler.
 */
export class LocalBilling implements PaymentGateway {
  readonly kind = 'local' as const;
  readonly outbox: LocalBillingOutbox;
  readonly subscriptions: LocalSubscriptions;

  constructor(
    private readonly db: pg.Pool,
    webhookSecret: string,
  ) {
    this.outbox = new LocalBillingOutbox(db, webhookSecret);
    this.subscriptions = new LocalSubscriptions(db, this.outbox);
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

  async findPaymentOfInvoice(): Promise<string | null> {
    return null; // the same: a local invoice event always names its payment
  }

  /** The local checkout makes its customer when the first plan is paid (one live plan each). */
  async createCustomer(): Promise<string | null> {
    return null;
  }

  async subscriptionRuns(subscriptionId: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM local_subscriptions WHERE id = $1 AND status <> 'canceled'`,
      [subscriptionId],
    );
    return rows.length > 0;
  }

  /**
   * Only a second plan's payment is refunded this way, and the local checkout never takes a second
   * plan (one live subscription per user, enforced by local_subscriptions_one_live_idx).
   */
  async refundPayment(paymentIntentId: string): Promise<void> {
    throw new Error(
      `The local checkout has no second plan to refund (payment ${paymentIntentId}): it takes one live plan per user`,
    );
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
   * Pay: customer and subscription are created, then checkout.session.completed and invoice.paid
   * are delivered. A session is paid once: the open → complete step is one conditional UPDATE taken
   * before anything else, in the same transaction as the subscription, so of any number of
   * concurrent or repeated payments only one buys anything; the others just go to the success page.
   */
  async pay(sessionId: string, now = new Date()): Promise<string> {
    const session = await this.checkoutSession(sessionId);
    if (session.status !== 'open') return session.success_url;
    if (session.kind !== 'plan')
      return payLocalPackSession(this.db, this.outbox, {
        ...session,
        pack: session.pack!,
        customerId: localCustomerIdFor(session.user_id),
        now,
      });
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

  currentSubscription(by: { customerId?: string; userId?: string }) {
    return this.subscriptions.current(by);
  }

  setCancelAtPeriodEnd(customerId: string, cancelAtPeriodEnd: boolean, now = new Date()) {
    return this.subscriptions.setCancelAtPeriodEnd(customerId, cancelAtPeriodEnd, now);
  }

  cancelSubscriptionsNow(userId: string, _customerId: string | null, now = new Date()) {
    return this.subscriptions.cancelNow(userId, now);
  }

  endSubscriptionNow(subscriptionId: string, _idempotencyKey: string, now = new Date()) {
    return this.subscriptions.endNow(subscriptionId, now);
  }

  switchPlan(customerId: string, planId: string, now = new Date()) {
    return this.subscriptions.switchPlan(customerId, planId, now);
  }

  advance(userId: string, now = new Date()) {
    return this.subscriptions.advance(userId, now);
  }

  /** Records the event, then hands it to the webhook handler: the real path runs. */
  private async deliver(type: string, object: unknown, created = new Date()) {
    await this.outbox.deliver(type, object, created);
  }
}
