import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { BillingConfig } from '../../config';
import {
  PaymentsNotConfiguredError,
  type CheckoutRequest,
  type GiftDetails,
  type PackCheckoutRequest,
  type PaidInvoice,
  type PaidPackCheckout,
  type PaymentGateway,
} from '../payment-gateway';
import type { PlanId } from '../plans';

/** What a gift checkout's key carries of its details (a digest: they are personal data). */
const giftDigest = (gift: GiftDetails | null | undefined) =>
  gift
    ? createHash('sha256').update(JSON.stringify(gift)).digest('base64url').slice(0, 16)
    : 'none';

/** Subscriptions that run (paid for, on trial, or with a payment owed): a plan the customer has. */
const RUNNING_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/** Stripe Checkout in subscription mode and the Billing Portal, through the official client. */
export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly config: BillingConfig) {
    if (!config.stripeSecretKey)
      throw new PaymentsNotConfiguredError('STRIPE_SECRET_KEY is not set');
    this.stripe = new Stripe(config.stripeSecretKey, {
      ...config.stripeApi,
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'stylised-art' },
    });
  }

  private priceFor(planId: PlanId): string {
    const price =
      planId === 'pro'
        ? this.config.priceIds.pro
        : planId === 'ultra'
          ? this.config.priceIds.ultra
          : undefined;
    if (!price)
      throw new PaymentsNotConfiguredError(
        `no Stripe price for plan ${planId} (STRIPE_PRICE_${planId.toUpperCase()})`,
      );
    return price;
  }

  planForPrice(priceId: string): PlanId | null {
    if (priceId === this.config.priceIds.pro) return 'pro';
    if (priceId === this.config.priceIds.ultra) return 'ultra';
    return null;
  }

  async createCheckoutSession(request: CheckoutRequest) {
    const metadata = { userId: request.userId, planId: request.planId };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price: this.priceFor(request.planId), quantity: 1 }],
        ...(request.customerId
          ? { customer: request.customerId }
          : { customer_email: request.email }),
        client_reference_id: request.userId,
        metadata,
        // Copied onto the subscription and so onto every invoice: invoice.paid names its user
        // even when it arrives before checkout.session.completed.
        subscription_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      {
        idempotencyKey: request.idempotencyKey
          ? `checkout:${request.userId}:${request.idempotencyKey}`
          : `checkout:${request.userId}:${request.planId}:${Math.floor(Date.now() / 60_000)}`,
      },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  /**
   * Checkout in payment mode, priced from our own catalogue (price_data): no Stripe price to keep
   * in step. The metadata says what was bought; the webhook reads it back.
   */
  async createPackCheckoutSession(request: PackCheckoutRequest) {
    const metadata: Record<string, string> = {
      userId: request.userId,
      kind: request.kind,
      packId: request.pack.id,
    };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.pack.priceCents,
              product_data: { name: `Stylised credits: ${request.pack.name}` },
            },
          },
        ],
        ...(request.customerId
          ? { customer: request.customerId }
          : { customer_email: request.email }),
        client_reference_id: request.userId,
        metadata,
        payment_intent_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      {
        // Without the client's key, the same pack and gift details within a minute are one
        // checkout (a double click); a gift with other details (a corrected address) is another.
        idempotencyKey: request.idempotencyKey
          ? `${request.kind}-checkout:${request.userId}:${request.idempotencyKey}`
          : `${request.kind}-checkout:${request.userId}:${request.pack.id}:${giftDigest(request.gift)}:${Math.floor(Date.now() / 60_000)}`,
      },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  async refundCheckoutPayment(checkoutSessionId: string, idempotencyKey: string) {
    const session = await this.stripe.checkout.sessions.retrieve(checkoutSessionId);
    const paymentIntent =
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent?.id ?? null);
    if (!paymentIntent) throw new Error(`checkout session ${checkoutSessionId} has no payment`);
    await this.stripe.refunds.create(
      { payment_intent: paymentIntent },
      { idempotencyKey: `refund:${idempotencyKey}` },
    );
  }

  async *listPaidPackCheckouts(): AsyncIterable<PaidPackCheckout> {
    const refunded = new Set<string>();
    for await (const refund of this.stripe.refunds.list({ limit: 100 })) {
      const paymentIntent =
        typeof refund.payment_intent === 'string'
          ? refund.payment_intent
          : (refund.payment_intent?.id ?? null);
      if (paymentIntent && refund.status !== 'failed' && refund.status !== 'canceled')
        refunded.add(paymentIntent);
    }
    for await (const session of this.stripe.checkout.sessions.list({
      status: 'complete',
      limit: 100,
    })) {
      const kind = session.metadata?.kind;
      if (session.mode !== 'payment' || session.payment_status !== 'paid') continue;
      if (kind !== 'pack' && kind !== 'gift') continue;
      yield {
        checkoutSessionId: session.id,
        userId: session.client_reference_id ?? session.metadata?.userId ?? null,
        kind,
        amountPaid: session.amount_total ?? 0,
        currency: session.currency ?? 'usd',
        paidAt: new Date(session.created * 1000),
        refunded: refunded.has(
          typeof session.payment_intent === 'string'
            ? session.payment_intent
            : (session.payment_intent?.id ?? ''),
        ),
      };
    }
  }

  async createPortalSession(customerId: string, returnUrl: string) {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
      configuration: await this.portalConfiguration(),
    });
    return { url: session.url };
  }

  private portalConfigurationId: Promise<string> | null = null;

  /**
   * What the billing portal offers: switching between the plans (up at once with the prorated
   * difference invoiced now; down at the end of the period), cancelling at the period's end (and
   * so renewing a plan set to cancel), the payment method and invoices. STRIPE_PORTAL_CONFIGURATION
   * names an existing one; otherwise it is made once (the idempotency key keeps replicas to one).
   */
  private portalConfiguration(): Promise<string> {
    if (this.config.portalConfiguration) return Promise.resolve(this.config.portalConfiguration);
    this.portalConfigurationId ??= this.createPortalConfiguration().catch((error: unknown) => {
      this.portalConfigurationId = null;
      throw error;
    });
    return this.portalConfigurationId;
  }

  private async createPortalConfiguration(): Promise<string> {
    const priceIds = [this.priceFor('pro'), this.priceFor('ultra')];
    const products = new Map<string, string[]>();
    for (const price of await Promise.all(priceIds.map((id) => this.stripe.prices.retrieve(id)))) {
      const product = typeof price.product === 'string' ? price.product : price.product.id;
      products.set(product, [...(products.get(product) ?? []), price.id]);
    }
    const configuration = await this.stripe.billingPortal.configurations.create(
      {
        business_profile: { headline: 'Manage your Stylised plan' },
        features: {
          subscription_update: {
            enabled: true,
            default_allowed_updates: ['price'],
            products: [...products].map(([product, prices]) => ({ product, prices })),
            proration_behavior: 'always_invoice',
            schedule_at_period_end: { conditions: [{ type: 'decreasing_item_amount' }] },
          },
          subscription_cancel: { enabled: true, mode: 'at_period_end' },
          payment_method_update: { enabled: true },
          invoice_history: { enabled: true },
        },
      },
      { idempotencyKey: `portal-configuration:${priceIds.join(':')}` },
    );
    return configuration.id;
  }

  async findInvoiceForPayment(paymentIntentId: string): Promise<string | null> {
    const payments = await this.stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      limit: 1,
    });
    const invoice = payments.data[0]?.invoice;
    return typeof invoice === 'string' ? invoice : (invoice?.id ?? null);
  }

  async findPaymentOfInvoice(invoiceId: string): Promise<string | null> {
    const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, limit: 1 });
    const paymentIntent = payments.data[0]?.payment.payment_intent;
    return typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null);
  }

  async cancelSubscriptionsNow(_userId: string, customerId: string | null): Promise<number> {
    if (!customerId) return 0;
    let ended = 0;
    for await (const subscription of this.stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 100,
    })) {
      if (['canceled', 'incomplete_expired'].includes(subscription.status)) continue;
      await this.stripe.subscriptions.cancel(subscription.id, undefined, {
        idempotencyKey: `erase:${subscription.id}`,
      });
      ended++;
    }
    return ended;
  }

  async endSubscriptionNow(subscriptionId: string, idempotencyKey: string): Promise<boolean> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    if (['canceled', 'incomplete_expired'].includes(subscription.status)) return false;
    await this.stripe.subscriptions.cancel(subscriptionId, undefined, { idempotencyKey });
    return true;
  }

  async subscriptionRuns(subscriptionId: string): Promise<boolean> {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      return RUNNING_STATUSES.has(subscription.status);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return false;
      throw error;
    }
  }

  async refundPayment(paymentIntentId: string, idempotencyKey: string) {
    try {
      await this.stripe.refunds.create(
        { payment_intent: paymentIntentId },
        { idempotencyKey: `refund:${idempotencyKey}` },
      );
    } catch (error) {
      // Refunded already (from the dashboard, by a dispute, or by this call once Stripe has
      // forgotten its key after 24 hours): what was asked for is done.
      if ((error as { code?: string }).code === 'charge_already_refunded') return;
      throw error;
    }
  }

  async createCustomer(userId: string, email: string) {
    const customer = await this.stripe.customers.create(
      { email, metadata: { userId } },
      { idempotencyKey: `customer:${userId}` },
    );
    return customer.id;
  }

  async *listPaidInvoices(): AsyncIterable<PaidInvoice> {
    for await (const invoice of this.stripe.invoices.list({ status: 'paid', limit: 100 })) {
      if (!invoice.id) continue;
      yield {
        invoiceId: invoice.id,
        customerId:
          typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null),
        amountPaid: invoice.amount_paid,
        currency: invoice.currency,
        paidAt: new Date((invoice.status_transitions?.paid_at ?? invoice.created) * 1000),
      };
    }
  }

  /** Verifies a webhook's signature on its raw body and parses it. */
  static constructEvent(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  }
}
