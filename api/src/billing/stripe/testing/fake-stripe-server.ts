import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeStripeRefunds, noSuch, type Answer } from './fake-stripe-refunds';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body, decoded (`line_items[0][price]` style keys as Stripe sends them). */
  form: Record<string, string>;
  apiVersion: string | undefined;
  idempotencyKey: string | undefined;
  authorized: boolean;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/**
 * A local HTTP server speaking the part of Stripe's API we call (Customers, Checkout Sessions, Billing
 * Portal sessions, Invoice Payments, Refunds with their idempotency keys), so the real `stripe` client can be pointed at it with its host,
 * port and protocol options. It records every request.
 */
export class FakeStripeServer {
  readonly requests: RecordedStripeRequest[] = [];
  readonly invoiceForPaymentIntent = new Map<string, string>();
  /** Subscriptions the tests seed, by id (list by customer, cancel). */
  readonly subscriptions = new Map<string, { id: string; customer: string; status: string }>();
  /** Checkout sessions made through the API, by id (payment mode is completed by the test). */
  readonly checkoutSessions = new Map<string, Record<string, unknown>>();
  /** Refunds made through the API (POST /v1/refunds, with Stripe's idempotency keys). */
  readonly refundsApi = new FakeStripeRefunds(
    (paymentIntent) =>
      [...this.checkoutSessions.values()].find(
        (session) => session.payment_intent === paymentIntent,
      ) ?? this.invoicePayments.get(paymentIntent),
  );
  /** Paid invoices (payInvoice), by id, as the invoice list answers them. */
  private readonly paidInvoices = new Map<string, Record<string, unknown>>();
  /** Paid invoices' payments (payInvoice), by payment intent, as the refunds find them. */
  private readonly invoicePayments = new Map<string, Record<string, unknown>>();
  /** Customers made through the API, by id; and by Idempotency-Key, answered again as Stripe does. */
  readonly customers = new Map<string, Record<string, unknown>>();
  private readonly customersByKey = new Map<string, Record<string, unknown>>();
  private checkoutFailure: string | null = null;
  private constructor(
    private readonly server: Server,
    readonly port: number,
    readonly secretKey: string,
  ) {}

  static async start(secretKey = 'sk_test_fake_0123456789'): Promise<FakeStripeServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const fake = new FakeStripeServer(server, (server.address() as AddressInfo).port, secretKey);
    server.on('request', (request, response) => {
      void fake.handle(request).then(([status, body, headers]) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          ...headers,
        });
        response.end(JSON.stringify(body));
      });
    });
    return fake;
  }

  /** The next checkout session request is refused the way Stripe refuses a bad price. */
  failNextCheckout(message: string) {
    this.checkoutFailure = message;
  }

  /**
   * The customer pays a payment-mode session on Stripe's page: the session completes paid, with a
   * payment intent. Answers the session as checkout.session.completed carries it.
   */
  completeCheckout(sessionId: string): Record<string, unknown> {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: session.payment_intent ?? id('pi'),
    });
    return { ...session };
  }

  /** A subscription's invoice paid by a payment intent: invoice payments and refunds know it. */
  payInvoice(
    invoiceId: string,
    paymentIntent: string,
    amount: number,
    currency = 'usd',
    customer: string | null = null,
  ) {
    this.invoiceForPaymentIntent.set(paymentIntent, invoiceId);
    const paidAt = Math.floor(Date.now() / 1000);
    this.paidInvoices.set(invoiceId, {
      id: invoiceId,
      object: 'invoice',
      customer,
      status: 'paid',
      amount_paid: amount,
      currency,
      created: paidAt,
      status_transitions: { paid_at: paidAt },
      livemode: false,
    });
    this.invoicePayments.set(paymentIntent, {
      payment_intent: paymentIntent,
      payment_status: 'paid',
      amount_total: amount,
      currency,
    });
  }

  /** The charge a refund refunded, as charge.refunded carries it. */
  refundedCharge(refundId: string): Record<string, unknown> {
    const refund = this.refundsApi.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    return {
      id: refund.charge,
      object: 'charge',
      payment_intent: refund.payment_intent,
      amount: refund.amount,
      amount_refunded: refund.amount,
      currency: refund.currency,
      refunded: true,
      livemode: false,
    };
  }

  /** STRIPE_API_* settings for the app. */
  env(): Record<string, string> {
    return {
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  private async handle(request: IncomingMessage): Promise<Answer> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const authorized = request.headers.authorization === `Bearer ${this.secretKey}`;
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      form: request.method === 'GET' ? Object.fromEntries(url.searchParams) : form,
      apiVersion: request.headers['stripe-version'] as string | undefined,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      authorized,
    });
    if (!authorized) {
      return [
        401,
        {
          error: {
            type: 'invalid_request_error',
            message: 'Invalid API Key provided: sk_test_****',
          },
        },
      ];
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (this.checkoutFailure) {
        const message = this.checkoutFailure;
        this.checkoutFailure = null;
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message,
              param: 'line_items[0][price]',
            },
          },
        ];
      }
      if (!form['line_items[0][price]'] && !form['line_items[0][price_data][unit_amount]']) {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              message: 'Missing required param: line_items[0][price].',
              param: 'line_items',
            },
          },
        ];
      }
      const sessionId = id('cs');
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => /^metadata\[[^\]]+\]$/.test(key))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      );
      const unitAmount = Number(form['line_items[0][price_data][unit_amount]'] ?? Number.NaN);
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        customer: form.customer ?? null,
        customer_email: form.customer_email ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        amount_total: Number.isNaN(unitAmount) ? null : unitAmount,
        currency: form['line_items[0][price_data][currency]'] ?? null,
        payment_intent: null,
        created: Math.floor(Date.now() / 1000),
        metadata,
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        livemode: false,
      };
      this.checkoutSessions.set(sessionId, session);
      return [200, session];
    }
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      const key = request.headers['idempotency-key'] as string | undefined;
      const known = key ? this.customersByKey.get(key) : undefined;
      if (known) return [200, known, { 'idempotent-replayed': 'true' }];
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: form.email ?? null,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([name]) => /^metadata\[[^\]]+\]$/.test(name))
            .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
        ),
        livemode: false,
      };
      this.customers.set(customer.id, customer);
      if (key) this.customersByKey.set(key, customer);
      return [200, customer];
    }
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && session) {
      const found = this.checkoutSessions.get(decodeURIComponent(session[1]!));
      if (!found) return noSuch('checkout.session', decodeURIComponent(session[1]!));
      return [200, found];
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = request.headers['idempotency-key'] as string | undefined;
      return this.refundsApi.create(form, key);
    }
    if (request.method === 'GET' && url.pathname === '/v1/refunds') {
      const paymentIntent = url.searchParams.get('payment_intent');
      const data = [...this.refundsApi.refunds.values()].filter(
        (refund) => !paymentIntent || refund.payment_intent === paymentIntent,
      );
      return [200, { object: 'list', url: '/v1/refunds', has_more: false, data }];
    }
    if (request.method === 'GET' && url.pathname === '/v1/invoices') {
      const status = url.searchParams.get('status');
      const data = [...this.paidInvoices.values()].filter(
        (invoice) => !status || invoice.status === status,
      );
      return [200, { object: 'list', url: '/v1/invoices', has_more: false, data }];
    }
    if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const status = url.searchParams.get('status');
      const data = [...this.checkoutSessions.values()].filter(
        (session) => !status || session.status === status,
      );
      return [200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data }];
    }
    const price = /^\/v1\/prices\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && price) {
      // Each plan's price belongs to a product of its own, as in a typical Stripe account.
      const priceId = decodeURIComponent(price[1]!);
      return [
        200,
        { id: priceId, object: 'price', product: `prod_for_${priceId}`, livemode: false },
      ];
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/configurations') {
      return [
        200,
        { id: id('bpc'), object: 'billing_portal.configuration', active: true, livemode: false },
      ];
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const portalId = id('bps');
      return [
        200,
        {
          id: portalId,
          object: 'billing_portal.session',
          configuration: form.configuration ?? null,
          customer: form.customer,
          return_url: form.return_url,
          url: `https://billing.stripe.com/p/session/${portalId}`,
          livemode: false,
        },
      ];
    }
    if (request.method === 'GET' && url.pathname === '/v1/subscriptions') {
      const customer = url.searchParams.get('customer');
      const data = [...this.subscriptions.values()]
        .filter((subscription) => !customer || subscription.customer === customer)
        .map((subscription) => ({ object: 'subscription', ...subscription }));
      return [200, { object: 'list', url: '/v1/subscriptions', has_more: false, data }];
    }
    const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && cancel) {
      const subscription = this.subscriptions.get(cancel[1]!);
      if (!subscription)
        return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
      return [200, { object: 'subscription', ...subscription }];
    }
    if (request.method === 'DELETE' && cancel) {
      const subscription = this.subscriptions.get(cancel[1]!);
      if (!subscription)
        return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
      subscription.status = 'canceled';
      return [200, { object: 'subscription', ...subscription }];
    }
    if (request.method === 'GET' && url.pathname === '/v1/invoice_payments') {
      const byInvoice = url.searchParams.get('invoice');
      const paymentIntent = byInvoice
        ? ([...this.invoiceForPaymentIntent].find(([, invoice]) => invoice === byInvoice)?.[0] ??
          '')
        : (url.searchParams.get('payment[payment_intent]') ?? '');
      const invoice = this.invoiceForPaymentIntent.get(paymentIntent);
      return [
        200,
        {
          object: 'list',
          url: '/v1/invoice_payments',
          has_more: false,
          data: invoice
            ? [
                {
                  id: id('inpay'),
                  object: 'invoice_payment',
                  invoice,
                  payment: { type: 'payment_intent', payment_intent: paymentIntent },
                },
              ]
            : [],
        },
      ];
    }
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${url.pathname}).`,
        },
      },
    ];
  }

  close() {
    return new Promise<void>((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
