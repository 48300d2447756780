import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../testing/accounts';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { checkoutSessionObject, paidInvoiceObject } from './local/stripe-objects';
import { planById } from './plans';
import type { FakeStripeServer } from './stripe/testing/fake-stripe-server';
import { startStripeModeApp } from './testing/stripe-mode-app';
import { deliver, signedEvent } from './testing/stripe-events';

const meQuery =
  '{ me { credits subscriptionStatus currentPlan cancelAtPeriodEnd subscriptionRenewsAt } }';
type Me = {
  credits: number;
  subscriptionStatus: string;
  currentPlan: string;
  cancelAtPeriodEnd: boolean;
  subscriptionRenewsAt: string | null;
};
const meOf = async (client: HttpClient) => (await client.graphql<{ me: Me }>(meQuery)).data!.me;

describe('plans', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('GET /api/subscription-plans answers the three plans with prices in cents', async () => {
    const plans = await (await new HttpClient(app.url).fetch('/api/subscription-plans')).json();
    expect(
      plans.map(
        (p: {
          id: string;
          name: string;
          price: number;
          creditsPerMonth: number;
          interval: string;
        }) => [p.id, p.name, p.price, p.creditsPerMonth, p.interval],
      ),
    ).toEqual([
      ['free', 'Free', 0, 5, 'month'],
      ['pro', 'Pro Plan', 900, 300, 'month'],
      ['ultra', 'Ultra Plan', 1900, 1500, 'month'],
    ]);
    expect(plans[1].features).toContain('Priority queue');
    const gql = await new HttpClient(app.url).graphql<{
      subscriptionPlans: { id: string; popular: boolean }[];
    }>('{ subscriptionPlans { id popular generationsPerMonth } }');
    expect(gql.data!.subscriptionPlans.map((p) => p.id)).toEqual(['free', 'pro', 'ultra']);
  });
});

describe('Stripe adapter against a local server speaking Stripe’s API', () => {
  let stripe: FakeStripeServer;
  let app: TestApp;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ stripe, app, close: stop } = await startStripeModeApp('whsec_stripe_mode'));
  });
  afterAll(async () => {
    await stop?.();
  });

  it('creates a subscription-mode Checkout session for the signed-in user', async () => {
    const { client, userId } = await signedInUser(app);
    const response = await client.fetch('/api/create-subscription', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'checkout-click-1' },
      body: JSON.stringify({ planId: 'ultra' }),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      sessionId: expect.stringMatching(/^cs_test_/),
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
    });
    const request = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(request).toMatchObject({ method: 'POST', authorized: true });
    expect(request.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_ultra_456',
      'line_items[0][quantity]': '1',
      client_reference_id: userId,
      'metadata[userId]': userId,
      'metadata[planId]': 'ultra',
      'subscription_data[metadata][userId]': userId,
      success_url: 'https://art.example.com/profile?checkout=success',
      cancel_url: 'https://art.example.com/pricing?checkout=canceled',
    });
    // The user's customer is made first (one customer per user, even for two checkouts at once).
    const customer = stripe.requests.find((r) => r.path === '/v1/customers')!;
    expect(customer.form).toMatchObject({ 'metadata[userId]': userId });
    expect(customer.form.email).toMatch(/@example\.com$/);
    expect(customer.idempotencyKey).toBe(`customer:${userId}`);
    expect(request.form.customer).toBe([...stripe.customers.keys()][0]);
    expect(request.form.customer_email).toBeUndefined();
    // The client's key, scoped to the user, reaches Stripe: a retried click makes no second session.
    expect(request.idempotencyKey).toBe(`checkout:${userId}:checkout-click-1`);
  });

  it('refuses checkout to visitors and for unknown or free plans', async () => {
    expect(
      (await new HttpClient(app.url).json('/api/create-subscription', { planId: 'pro' })).status,
    ).toBe(401);
    const { client } = await signedInUser(app);
    const unknown = await client.json('/api/create-subscription', { planId: 'gold' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe('Unknown plan "gold"');
    expect((await client.json('/api/create-subscription', {})).status).toBe(400);
  });

  it("passes the provider's own message on when Stripe refuses", async () => {
    const { client } = await signedInUser(app);
    stripe.failNextCheckout('No such price: price_ultra_456');
    const result = await client.graphql(
      'mutation { createSubscriptionCheckout(planId: "ultra") { url } }',
    );
    expect(result.errors?.[0]).toMatchObject({
      message: 'No such price: price_ultra_456',
      extensions: { code: 'PAYMENT_PROVIDER_ERROR' },
    });
  });

  it('opens the billing portal for users with a Stripe customer, and explains itself to others', async () => {
    const { client, userId } = await signedInUser(app);
    const none = await client.fetch('/api/create-portal-session', { method: 'POST' });
    expect(none.status).toBe(409);
    expect((await none.json()).message).toBe(
      'There is no subscription to manage yet. Choose a plan on the pricing page first.',
    );

    const checkout = checkoutSessionObject({
      id: 'cs_test_1',
      userId,
      plan: planById('pro')!,
      customerId: 'cus_test_42',
      subscriptionId: 'sub_test_42',
      successUrl: '/',
      cancelUrl: '/',
    });
    expect(
      (
        await deliver(
          app.url,
          signedEvent('checkout.session.completed', checkout, 'whsec_stripe_mode'),
        )
      ).status,
    ).toBe(200);
    const portal = await client.fetch('/api/create-portal-session', { method: 'POST' });
    expect(portal.status).toBe(200);
    expect((await portal.json()).url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const configuration = stripe.requests.find(
      (r) => r.path === '/v1/billing_portal/configurations',
    )!;
    expect(stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions')!.form).toEqual({
      customer: 'cus_test_42',
      return_url: 'https://art.example.com/profile',
      configuration: expect.stringMatching(/^bpc_/),
    });
    // The portal offers switching plans (up at once, prorated; down at period end) and
    // cancelling at the period's end, which the portal lets the customer undo (resume).
    expect(configuration.form).toMatchObject({
      'features[subscription_update][enabled]': 'true',
      'features[subscription_update][default_allowed_updates][0]': 'price',
      'features[subscription_update][products][0][product]': 'prod_for_price_pro_123',
      'features[subscription_update][products][0][prices][0]': 'price_pro_123',
      'features[subscription_update][products][1][product]': 'prod_for_price_ultra_456',
      'features[subscription_update][products][1][prices][0]': 'price_ultra_456',
      'features[subscription_update][proration_behavior]': 'always_invoice',
      'features[subscription_update][schedule_at_period_end][conditions][0][type]':
        'decreasing_item_amount',
      'features[subscription_cancel][enabled]': 'true',
      'features[subscription_cancel][mode]': 'at_period_end',
    });
    expect(configuration.idempotencyKey).toBe('portal-configuration:price_pro_123:price_ultra_456');
    // Made once per process, then reused.
    await client.fetch('/api/create-portal-session', { method: 'POST' });
    expect(
      stripe.requests.filter((r) => r.path === '/v1/billing_portal/configurations'),
    ).toHaveLength(1);
  });

  it('with a plan active, a second checkout is refused (409) and Stripe is not asked; an upgrade from the portal replaces the period’s credits', async () => {
    const { client, userId } = await signedInUser(app);
    const subscription = {
      id: `sub_test_${userId.slice(0, 8)}`,
      userId,
      customerId: `cus_test_${userId.slice(0, 8)}`,
      planId: 'pro',
      status: 'active',
      currentPeriodStart: new Date(Date.now() - 10 * 86_400_000),
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      cancelAtPeriodEnd: false,
    };
    const send = async (type: string, object: unknown) =>
      expect((await deliver(app.url, signedEvent(type, object, 'whsec_stripe_mode'))).status).toBe(
        200,
      );
    await send(
      'checkout.session.completed',
      checkoutSessionObject({
        id: `cs_test_${userId.slice(0, 8)}`,
        userId,
        plan: planById('pro')!,
        customerId: subscription.customerId,
        subscriptionId: subscription.id,
        successUrl: '/',
        cancelUrl: '/',
      }),
    );
    const first = paidInvoiceObject(subscription, planById('pro')!, new Date());
    (first.lines.data[0]!.pricing!.price_details as { price: string }).price = 'price_pro_123';
    await send('invoice.paid', first);
    await app.settleUser(userId);
    expect((await meOf(client)).credits).toBe(305);

    const checkouts = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const refused = await client.json('/api/create-subscription', { planId: 'ultra' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      'You already have the Pro Plan. To switch plans, use Manage Subscription on your profile.',
    );
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(
      checkouts,
    );

    // Stripe's proration invoice for the upgrade: a credit for Pro's unused time, a charge for Ultra's.
    const upgrade = paidInvoiceObject(
      { ...subscription, currentPeriodStart: new Date() },
      planById('ultra')!,
      new Date(),
      {
        id: `in_upgrade_${userId.slice(0, 8)}`,
        amountPaid: 667,
        billingReason: 'subscription_update',
      },
    );
    const charge = upgrade.lines.data[0]!;
    (charge.pricing!.price_details as { price: string }).price = 'price_ultra_456';
    upgrade.lines.data = [
      {
        ...charge,
        id: 'il_unused_pro',
        amount: -600,
        pricing: {
          ...charge.pricing!,
          price_details: { price: 'price_pro_123', product: 'prod_pro' },
        },
      } as typeof charge,
      { ...charge, amount: 1267 },
    ];
    await send('invoice.paid', upgrade);
    await app.settleUser(userId);
    expect(await meOf(client)).toMatchObject({ credits: 1505, currentPlan: 'Ultra Plan' });
    const credits = await app.runtime.storage.store.readStream(`credits-${userId}`);
    expect(
      credits
        .filter((e) => e.type === 'CreditsExpired')
        .map((e) => (e.data as { amount: number }).amount),
    ).toEqual([300]);
    expect(credits.at(-1)!.data).toMatchObject({
      amount: 1500,
      planId: 'ultra',
      amountPaidCents: 667,
    });
  });
});

describe('the embedded local checkout, driven over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const me = async (client: HttpClient) => (await client.graphql<{ me: Me }>(meQuery)).data!.me;

  it('pays for Pro and ends with the plan’s credits; the portal cancels and resumes; renewal resets without rollover', async () => {
    const { client, userId } = await signedInUser(app);
    const checkout = await client.graphql<{
      createSubscriptionCheckout: { sessionId: string; url: string };
    }>('mutation { createSubscriptionCheckout(planId: "pro") { sessionId url } }');
    const { url } = checkout.data!.createSubscriptionCheckout;
    expect(url).toMatch(/^\/billing\/checkout\/cs_local_/);
    const page = await client.fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Subscribe to Pro Plan');
    expect(html).toContain('Pay $9.00');

    const paid = await client.fetch(`${url}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/profile?checkout=success');
    await app.settle();
    expect(await me(client)).toMatchObject({
      credits: 305,
      subscriptionStatus: 'ACTIVE',
      currentPlan: 'Pro Plan',
      cancelAtPeriodEnd: false,
    });

    // Spend some, then renew: the 295 left of the period expire, 300 new arrive (plus the 5 signup credits).
    const portal = await client.graphql<{ createPortalSession: { url: string } }>(
      'mutation { createPortalSession { url } }',
    );
    const portalUrl = portal.data!.createPortalSession.url;
    expect((await client.fetch(portalUrl)).status).toBe(200);
    expect(
      (
        await client.fetch(`${portalUrl}/cancel`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        })
      ).status,
    ).toBe(303);
    await app.settle();
    expect((await me(client)).cancelAtPeriodEnd).toBe(true);
    await client.fetch(`${portalUrl}/resume`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });

    expect(await app.services.localBilling!.advance(userId)).toBe('renewed');
    await app.settle();
    expect(await me(client)).toMatchObject({
      credits: 305,
      subscriptionStatus: 'ACTIVE',
      cancelAtPeriodEnd: false,
    });

    await app.services.localBilling!.setCancelAtPeriodEnd(
      (await app.services.billing.customerOf(userId))!,
      true,
    );
    expect(await app.services.localBilling!.advance(userId)).toBe('ended');
    await app.settle();
    // The plan has ended: what was left of its period expired at that moment, and the profile
    // is on the Free plan (Upgrade Plan) with only the signup credits.
    expect(await me(client)).toMatchObject({
      subscriptionStatus: 'CANCELED',
      currentPlan: 'Free',
      credits: 5,
    });
    const credits = await app.runtime.storage.store.readStream(`credits-${userId}`);
    expect(credits.at(-1)).toMatchObject({
      type: 'CreditsExpired',
      data: { amount: 300, funding: 'paid' },
    });
  });

  it('cancel on the checkout page goes back to pricing and buys nothing', async () => {
    const { client } = await signedInUser(app);
    const { url } = await (
      await client.json('/api/create-subscription', { planId: 'ultra' })
    ).json();
    const canceled = await client.fetch(`${url}/cancel`, { method: 'POST' });
    expect(canceled.headers.get('location')).toBe('/pricing?checkout=canceled');
    expect((await me(client)).credits).toBe(5);
  });

  it('only the user a checkout or portal was made for can see or use it', async () => {
    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    const { url } = await (
      await owner.client.json('/api/create-subscription', { planId: 'pro' })
    ).json();
    const post = { method: 'POST', redirect: 'manual' } as const;

    // Signed out: the page asks to sign in; a form post (as from another site) is refused.
    const visitor = new HttpClient(app.url);
    const page = await visitor.fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/auth?redirect=${encodeURIComponent(url)}`);
    expect((await visitor.fetch(`${url}/pay`, post)).status).toBe(404);
    // Another user: as if the session did not exist.
    expect((await other.client.fetch(url)).status).toBe(404);
    expect((await other.client.fetch(`${url}/pay`, post)).status).toBe(404);
    await app.settle();
    expect(await me(owner.client)).toMatchObject({ credits: 5, currentPlan: 'Free' });

    expect((await owner.client.fetch(`${url}/pay`, post)).status).toBe(303);
    await app.settle();
    const portal = await (
      await owner.client.fetch('/api/create-portal-session', { method: 'POST' })
    ).json();
    const form = {
      ...post,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    };
    expect((await other.client.fetch(portal.url)).status).toBe(404);
    expect((await other.client.fetch(`${portal.url}/cancel`, form)).status).toBe(404);
    expect((await visitor.fetch(`${portal.url}/cancel`, form)).status).toBe(404);
    await app.settle();
    expect((await me(owner.client)).cancelAtPeriodEnd).toBe(false);

    // A portal link is short-lived.
    await app.database.pool.query(
      "UPDATE local_portal_sessions SET created_at = now() - interval '2 hours' WHERE id = $1",
      [portal.url.split('/').pop()],
    );
    expect((await owner.client.fetch(portal.url)).status).toBe(404);
  });
});
