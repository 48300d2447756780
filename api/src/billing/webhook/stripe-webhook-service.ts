import type Stripe from 'stripe';
import type pg from 'pg';
import {
  creditStreamId,
  subscriptionStreamId,
  type CommandMetadata,
  type Ledger,
  type SubscriptionStatus,
} from '@app/ledger';
import { AppError } from '../../shared/errors';
import type { PaymentGateway } from '../payment-gateway';
import { planById, type Plan, type PlanId } from '../plans';
import { StripeGateway } from '../stripe/stripe-gateway';
import type { GiftPayments } from '../gift-payments';
import { PackPayments } from './pack-payments';
import { refundMetadata } from './refund-metadata';

export class WebhookSignatureError extends AppError {
  constructor() {
    super('BAD_SIGNATURE', 'Invalid webhook signature', 400);
  }
}

/** The event names a user we cannot identify yet; Stripe retries, by then checkout has linked it. */
class UnknownCustomerError extends Error {}

const seconds = (unix: number) => new Date(unix * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Present when the invoice's payments are expanded (our local checkout always includes them). */
const paymentIntentOf = (invoice: Stripe.Invoice) =>
  idOf(invoice.payments?.data[0]?.payment.payment_intent);

/**
 * processed: this delivery had the effect; duplicate: an earlier one did; ignored: nothing to do
 * for this event; pending: kept until what it refers to arrives (a refund before its invoice);
 * in_progress: another delivery of it is being processed right now (answered 409: retry).
 */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'pending' | 'in_progress';

/** A claim on an event lasts this long; a crashed delivery's event can be retried after it. */
const CLAIM_LEASE_SECONDS = 120;

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

/**
 * The only path that changes entitlements. Verifies the signature on the raw body, records the
 * event id (a redelivery has no second effect), and turns each event into ledger commands whose
 * idempotency keys come from Stripe's own ids, so out-of-order and repeated deliveries are safe.
 */
/** A paid billing period, from its invoice line. */
interface Period {
  start: Date;
  end: Date;
}

export class StripeWebhookService {
  private readonly packs: PackPayments;

  constructor(
    private readonly db: pg.Pool,
    private readonly ledger: Ledger,
    private readonly gateway: PaymentGateway,
    private readonly webhookSecret: string,
    gifts: GiftPayments,
    /** Told each delivery's outcome (metrics). */
    private readonly onDelivery?: (outcome: string) => void,
    /** How long a concurrent delivery of an event being processed waits before `in_progress`. */
    private readonly waitForOtherDeliveryMs = 20_000,
  ) {
    this.packs = new PackPayments(db, ledger, gifts);
  }

  /** Verifies and processes one delivery; throws WebhookSignatureError on a bad signature. */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('missing signature');
      event = StripeGateway.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      this.onDelivery?.('bad_signature');
      throw new WebhookSignatureError();
    }
    try {
      const outcome = await this.process(event);
      this.onDelivery?.(outcome);
      return outcome;
    } catch (error) {
      this.onDelivery?.('failed');
      throw error;
    }
  }

  /**
   * Each event is claimed before it is processed, by one conditional UPDATE (no read before the
   * write): of any number of concurrent deliveries exactly one processes it. The others wait for
   * it (without holding a connection) and answer `duplicate`; if it is still running after a
   * while they answer `in_progress` (HTTP 409, so the sender retries). A failed attempt releases
   * its claim; a crashed one loses it when the lease runs out.
   */
  async process(event: Stripe.Event): Promise<WebhookOutcome> {
    await this.db.query(
      `INSERT INTO stripe_events (id, type, event_created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      [event.id, event.type, seconds(event.created)],
    );
    const deadline = Date.now() + this.waitForOtherDeliveryMs;
    for (;;) {
      const claim = await this.db.query<{ processed: boolean }>(
        `UPDATE stripe_events SET claimed_until = now() + make_interval(secs => $2)
         WHERE id = $1 AND processed_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
         RETURNING true AS processed`,
        [event.id, CLAIM_LEASE_SECONDS],
      );
      if (claim.rowCount === 1) break;
      const seen = await this.db.query<{ processed_at: Date | null }>(
        'SELECT processed_at FROM stripe_events WHERE id = $1',
        [event.id],
      );
      if (seen.rows[0]?.processed_at) return 'duplicate';
      if (Date.now() > deadline) return 'in_progress';
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    try {
      const outcome = await this.dispatch(event);
      await this.db.query(
        `UPDATE stripe_events SET processed_at = now(), claimed_until = NULL, last_error = NULL
         WHERE id = $1`,
        [event.id],
      );
      return outcome === true ? 'processed' : outcome === false ? 'ignored' : outcome;
    } catch (error) {
      await this.db.query(
        'UPDATE stripe_events SET last_error = $2, claimed_until = NULL WHERE id = $1',
        [event.id, String(error).slice(0, 500)],
      );
      throw error instanceof UnknownCustomerError
        ? new AppError('UNKNOWN_CUSTOMER', error.message, 409)
        : error;
    }
  }

  private metadata(event: Stripe.Event, key: string, reason: string): CommandMetadata {
    return {
      now: new Date(),
      actor: { kind: 'stripe', id: event.id },
      reason,
      correlationId: event.id,
      causationId: event.id,
      idempotencyKey: key,
    };
  }

  private async dispatch(event: Stripe.Event): Promise<boolean | 'pending'> {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(event, event.data.object);
      case 'checkout.session.async_payment_succeeded':
        return (
          event.data.object.mode === 'payment' && this.packs.completed(event, event.data.object)
        );
      case 'invoice.paid':
        return this.invoicePaid(event, event.data.object);
      case 'invoice.payment_failed':
        return this.invoicePaymentFailed(event, event.data.object);
      case 'customer.subscription.updated':
        return this.subscriptionUpdated(event, event.data.object);
      case 'customer.subscription.deleted':
        return this.subscriptionDeleted(event, event.data.object);
      case 'charge.refunded':
        return this.chargeRefunded(event, event.data.object);
      default:
        return false;
    }
  }

  private async checkoutCompleted(event: Stripe.Event, session: Stripe.Checkout.Session) {
    if (session.mode === 'payment') return this.packs.completed(event, session);
    if (session.mode !== 'subscription') return false;
    const userId = session.client_reference_id ?? session.metadata?.userId;
    const customerId = idOf(session.customer);
    const subscriptionId = idOf(session.subscription);
    if (!userId || !customerId || !subscriptionId)
      throw new Error(`checkout session ${session.id} lacks user, customer or subscription`);
    await this.linkCustomer(userId, customerId);
    await this.ledger.subscriptions.handle(
      subscriptionStreamId(userId),
      {
        type: 'CompleteCheckout',
        data: {
          userId,
          planId: session.metadata?.planId ?? 'pro',
          customerId,
          subscriptionId,
          checkoutSessionId: session.id,
          observedAt: seconds(event.created),
        },
      },
      this.metadata(event, `checkout:${session.id}`, 'Checkout completed'),
    );
    return true;
  }

  /** invoice.paid: the invoice is kept, the period's credits arrive, late news is corrected. */
  private async invoicePaid(event: Stripe.Event, invoice: Stripe.Invoice) {
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (!subscriptionId) return false; // one-off invoices buy nothing here
    const userId = await this.userForInvoice(invoice);
    const { plan, line } = this.planOfInvoice(invoice);
    const period = { start: seconds(line.period.start), end: seconds(line.period.end) };
    await this.recordInvoice(event, invoice, { userId, subscriptionId, planId: plan.id, period });
    await this.creditPeriod(event, invoice, userId, plan, period);
    await this.ledger.subscriptions.handle(
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
          observedAt: seconds(event.created),
        },
      },
      this.metadata(event, `invoice-period:${invoice.id}`, 'Invoice paid'),
    );
    await this.expireLateInvoiceCredits(event, invoice, userId, subscriptionId, period.start);
    await this.applyPendingRefunds(
      { invoice_id: invoice.id!, user_id: userId },
      paymentIntentOf(invoice),
    );
    return true;
  }

  /**
   * A plan change's invoice carries a credit line for the old plan's unused time (negative) and a
   * charge for the new plan's: the plan bought is the charged line's.
   */
  private planOfInvoice(invoice: Stripe.Invoice) {
    const line =
      invoice.lines.data.find(
        (candidate) =>
          candidate.amount > 0 &&
          this.gateway.planForPrice(idOf(candidate.pricing?.price_details?.price) ?? ''),
      ) ?? invoice.lines.data[0];
    const priceId = idOf(line?.pricing?.price_details?.price);
    const planId =
      (priceId && this.gateway.planForPrice(priceId)) ||
      (invoice.parent?.subscription_details?.metadata?.planId as PlanId | undefined);
    const plan = planById(planId);
    if (!plan || !line) throw new Error(`invoice ${invoice.id} names no plan we sell`);
    return { plan, line };
  }

  private async recordInvoice(
    event: Stripe.Event,
    invoice: Stripe.Invoice,
    paid: { userId: string; subscriptionId: string; planId: string; period: Period },
  ) {
    await this.db.query(
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
        paymentIntentOf(invoice),
        seconds(invoice.status_transitions?.paid_at ?? event.created),
      ],
    );
  }

  /**
   * Credits reset each period: what is left of earlier paid periods expires now (no rollover).
   * An upgrade within the period (billing reason subscription_update) replaces what is left of
   * this period's credits of the old plan: they expire now and the new plan's arrive.
   */
  private async creditPeriod(
    event: Stripe.Event,
    invoice: Stripe.Invoice,
    userId: string,
    plan: Plan,
    period: Period,
  ) {
    const credits = creditStreamId(userId);
    const planChange = invoice.billing_reason === 'subscription_update';
    await this.ledger.credits.handle(
      credits,
      {
        type: 'ExpireCredits',
        data: { userId, paidExpiringBy: planChange ? period.end : period.start },
      },
      this.metadata(
        event,
        `invoice-reset:${invoice.id}`,
        planChange
          ? `Plan changed to ${plan.name}: the old plan's credits for this period are replaced`
          : 'New billing period: earlier credits expire',
      ),
    );
    await this.ledger.credits.handle(
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
      this.metadata(event, `invoice:${invoice.id}`, `${plan.name}: credits for the period`),
    );
  }

  /** Late news, whatever order the deliveries came in: a later period or the plan's end. */
  private async expireLateInvoiceCredits(
    event: Stripe.Event,
    invoice: Stripe.Invoice,
    userId: string,
    subscriptionId: string,
    periodStart: Date,
  ) {
    const credits = creditStreamId(userId);
    const latest = await this.db.query<{ start: Date }>(
      'SELECT max(period_start) AS start FROM billing_invoices WHERE user_id = $1',
      [userId],
    );
    if (latest.rows[0]?.start && latest.rows[0].start > periodStart) {
      // A late invoice of an earlier period: a later one is already paid, so this period's
      // credits are over (no rollover), whatever order the deliveries came in.
      await this.ledger.credits.handle(
        credits,
        { type: 'ExpireCredits', data: { userId, lotIds: [`purchase-${invoice.id}`] } },
        this.metadata(
          event,
          `invoice-superseded:${invoice.id}`,
          'A later period is already paid: these credits expire',
        ),
      );
    }
    if (await this.subscriptionEnded(userId, subscriptionId)) {
      // A late invoice of a plan that has already ended: its credits end with the plan.
      await this.ledger.credits.handle(
        credits,
        { type: 'ExpireCredits', data: { userId, lotIds: [`purchase-${invoice.id}`] } },
        this.metadata(
          event,
          `subscription-ended:${subscriptionId}:${invoice.id}`,
          'Plan already ended: the credits of this late invoice expire',
        ),
      );
    }
  }

  private async invoicePaymentFailed(event: Stripe.Event, invoice: Stripe.Invoice) {
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (!subscriptionId) return false;
    const userId = await this.userForInvoice(invoice);
    await this.ledger.subscriptions.handle(
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
      this.metadata(event, `invoice-failed:${event.id}`, 'Payment failed'),
    );
    return true;
  }

  private async subscriptionUpdated(event: Stripe.Event, subscription: Stripe.Subscription) {
    const userId = await this.userForSubscription(subscription);
    const item = subscription.items.data[0];
    const planId =
      (item && this.gateway.planForPrice(item.price.id)) || subscription.metadata?.planId || 'pro';
    await this.ledger.subscriptions.handle(
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
      this.metadata(event, `subscription-updated:${event.id}`, 'Subscription updated'),
    );
    return true;
  }

  private async subscriptionDeleted(event: Stripe.Event, subscription: Stripe.Subscription) {
    const userId = await this.userForSubscription(subscription);
    await this.ledger.subscriptions.handle(
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
      this.metadata(event, `subscription-deleted:${subscription.id}`, 'Subscription canceled'),
    );
    // The plan has ended: what is left of its periods' credits expires now, not at the period's
    // end (immediate cancel, refund, or an early end): the credits belonged to the plan.
    const invoices = await this.db.query<{ invoice_id: string }>(
      'SELECT invoice_id FROM billing_invoices WHERE subscription_id = $1',
      [subscription.id],
    );
    if (invoices.rows.length > 0) {
      await this.ledger.credits.handle(
        creditStreamId(userId),
        {
          type: 'ExpireCredits',
          data: { userId, lotIds: invoices.rows.map((row) => `purchase-${row.invoice_id}`) },
        },
        this.metadata(
          event,
          `subscription-ended:${subscription.id}`,
          'Plan ended: its remaining credits expire',
        ),
      );
    }
    return true;
  }

  /**
   * A fully refunded payment takes back what is unspent of the credits it bought. A refund that
   * arrives before its invoice is kept (pending_refunds) and applied when the invoice is recorded.
   */
  private async chargeRefunded(event: Stripe.Event, charge: Stripe.Charge) {
    if (!charge.refunded) return false; // partial refunds leave the credits (see README)
    const paymentIntentId = idOf(charge.payment_intent);
    if (!paymentIntentId) return false;
    const pack = await this.packs.paymentFor(paymentIntentId);
    if (pack) {
      await this.packs.revoke(event.id, charge.id, pack);
      return true;
    }
    const found = await this.invoiceForPayment(paymentIntentId);
    if (found) {
      await this.revokeRefunded(event.id, charge.id, found);
      return true;
    }
    await this.db.query(
      `INSERT INTO pending_refunds (charge_id, payment_intent_id, event_id) VALUES ($1, $2, $3)
       ON CONFLICT (charge_id) DO NOTHING`,
      [charge.id, paymentIntentId, event.id],
    );
    // The invoice may have been recorded meanwhile. Its handler looks for pending refunds only
    // after buying the credits, so if the purchase is already in the ledger it may have looked
    // before our row existed: apply it here (the revoke is idempotent by the charge id).
    const now = await this.invoiceForPayment(paymentIntentId);
    if (now && (await this.purchaseRecorded(now))) {
      await this.revokeRefunded(event.id, charge.id, now);
      return true;
    }
    const packNow = await this.packs.paymentFor(paymentIntentId);
    if (packNow && (await this.packs.purchaseRecorded(packNow))) {
      await this.packs.revoke(event.id, charge.id, packNow);
      return true;
    }
    return 'pending';
  }

  private async invoiceForPayment(
    paymentIntentId: string,
  ): Promise<{ invoice_id: string; user_id: string } | null> {
    const byPayment = await this.db.query<{ invoice_id: string; user_id: string }>(
      'SELECT invoice_id, user_id FROM billing_invoices WHERE payment_intent_id = $1',
      [paymentIntentId],
    );
    if (byPayment.rows[0]) return byPayment.rows[0];
    const invoiceId = await this.gateway.findInvoiceForPayment(paymentIntentId);
    if (!invoiceId) return null;
    const byInvoice = await this.db.query<{ invoice_id: string; user_id: string }>(
      'SELECT invoice_id, user_id FROM billing_invoices WHERE invoice_id = $1',
      [invoiceId],
    );
    return byInvoice.rows[0] ?? null;
  }

  private async purchaseRecorded(invoice: { invoice_id: string; user_id: string }) {
    const { state } = await this.ledger.credits.read(creditStreamId(invoice.user_id));
    return state.seenKeys[`invoice:${invoice.invoice_id}`] !== undefined;
  }

  private async revokeRefunded(
    eventId: string,
    chargeId: string,
    invoice: { invoice_id: string; user_id: string },
  ) {
    await this.db.query(
      'UPDATE billing_invoices SET refunded_at = coalesce(refunded_at, now()) WHERE invoice_id = $1',
      [invoice.invoice_id],
    );
    await this.ledger.credits.handle(
      creditStreamId(invoice.user_id),
      {
        type: 'RevokeCredits',
        data: {
          userId: invoice.user_id,
          lotId: `purchase-${invoice.invoice_id}`,
          reference: chargeId,
        },
      },
      refundMetadata(eventId, chargeId, 'Payment refunded: unspent credits taken back'),
    );
    await this.db.query('DELETE FROM pending_refunds WHERE charge_id = $1', [chargeId]);
    await this.endPlanOfRefundedPeriod(chargeId, invoice);
  }

  /**
   * A refund of the period being served ends the plan: the customer has their money back, so the
   * paid plan (and its renewal) must not go on. The provider cancels the subscription and its
   * customer.subscription.deleted event ends the plan here (status, plan and credits), as for any
   * other end. A refund of an earlier period, or of a plan already ended, changes nothing more.
   */
  private async endPlanOfRefundedPeriod(
    chargeId: string,
    invoice: { invoice_id: string; user_id: string },
  ) {
    const { rows } = await this.db.query<{ subscription_id: string | null; period_end: Date }>(
      'SELECT subscription_id, period_end FROM billing_invoices WHERE invoice_id = $1',
      [invoice.invoice_id],
    );
    const refunded = rows[0];
    if (!refunded?.subscription_id || refunded.period_end.getTime() <= Date.now()) return;
    const { state } = await this.ledger.subscriptions.read(subscriptionStreamId(invoice.user_id));
    if (state.subscriptionId !== refunded.subscription_id || state.status === 'canceled') return;
    await this.gateway.endSubscriptionNow(refunded.subscription_id, `refund-end:${chargeId}`);
  }

  /** Refunds that arrived before this invoice, applied now that its credits are bought. */
  private async applyPendingRefunds(
    invoice: { invoice_id: string; user_id: string },
    paymentIntentId: string | null,
  ) {
    if (!paymentIntentId) return;
    const pending = await this.db.query<{ charge_id: string; event_id: string }>(
      'SELECT charge_id, event_id FROM pending_refunds WHERE payment_intent_id = $1',
      [paymentIntentId],
    );
    for (const refund of pending.rows)
      await this.revokeRefunded(refund.event_id, refund.charge_id, invoice);
  }

  /** Whether the log records that this subscription ended (customer.subscription.deleted). */
  private async subscriptionEnded(userId: string, subscriptionId: string) {
    const events = await this.ledger.store.readStream(subscriptionStreamId(userId));
    return events.some(
      (e) =>
        e.type === 'SubscriptionCanceled' &&
        (e.data as { subscriptionId: string }).subscriptionId === subscriptionId,
    );
  }

  private async linkCustomer(userId: string, customerId: string) {
    await this.db.query(
      `INSERT INTO billing_customers (user_id, customer_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET customer_id = excluded.customer_id`,
      [userId, customerId],
    );
  }

  private async userForCustomer(customerId: string | null): Promise<string> {
    if (customerId) {
      const result = await this.db.query<{ user_id: string }>(
        'SELECT user_id FROM billing_customers WHERE customer_id = $1',
        [customerId],
      );
      if (result.rows[0]) return result.rows[0].user_id;
    }
    throw new UnknownCustomerError(`no user for customer ${customerId ?? '(none)'} yet`);
  }

  private async userForInvoice(invoice: Stripe.Invoice): Promise<string> {
    const fromMetadata = invoice.parent?.subscription_details?.metadata?.userId;
    if (fromMetadata) {
      const customerId = idOf(invoice.customer);
      if (customerId) await this.linkCustomer(fromMetadata, customerId);
      return fromMetadata;
    }
    return this.userForCustomer(idOf(invoice.customer));
  }

  private async userForSubscription(subscription: Stripe.Subscription): Promise<string> {
    return subscription.metadata?.userId ?? this.userForCustomer(idOf(subscription.customer));
  }
}
