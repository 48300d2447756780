import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId } from '@app/ledger';
import { generate, viewAccount } from '../testing/account-probe';
import { signedInUser } from '../testing/accounts';
import { HttpClient } from '../testing/http-client';
import { ScriptedProvider } from '../testing/scripted-provider';
import { startTestApp, type TestApp } from '../testing/test-app';
import { localPackPaymentIntent } from './local/local-pack-checkout';
import type { FakeStripeServer } from './stripe/testing/fake-stripe-server';
import { startStripeModeApp } from './testing/stripe-mode-app';
import { deliver, localId, signedEvent, signedRefund } from './testing/stripe-events';

const SECRET = 'whsec_credit_packs';
const MONTH_24 = (from: Date) => {
  const expiry = new Date(from);
  expiry.setUTCMonth(expiry.getUTCMonth() + 24);
  return expiry;
};

const purchasesOf = async (app: TestApp, userId: string) =>
  (await app.runtime.storage.store.readStream(creditStreamId(userId))).filter(
    (event) => event.type === 'CreditsPurchased',
  );

const refundEvent = (paymentIntent: string, amount: number) =>
  signedRefund(paymentIntent, SECRET, amount);

describe('credit packs through the local checkout', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local', STRIPE_WEBHOOK_SECRET: SECRET }, undefined, {
      provider: new ScriptedProvider(),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** create-pack-checkout, then Pay on the local hosted page, as the browser does. */
  const buyPack = async (client: HttpClient, packId: string, key?: string) => {
    const created = await client.fetch('/api/create-pack-checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify({ packId }),
    });
    expect(created.status).toBe(200);
    const { sessionId, url } = (await created.json()) as { sessionId: string; url: string };
    const page = await client.fetch(url);
    expect(await page.text()).toContain('500 credits');
    const paid = await client.fetch(`${url}/pay`, { method: 'POST' });
    expect({ status: paid.status, location: paid.headers.get('location') }).toEqual({
      status: 303,
      location: '/profile?checkout=pack',
    });
    return sessionId;
  };

  it('GET /api/credit-packs and GraphQL creditPacks answer the server-priced packs', async () => {
    const rest = await (await new HttpClient(app.url).fetch('/api/credit-packs')).json();
    expect(rest).toEqual([
      { id: 'pack_100', name: '100 credits', credits: 100, priceCents: 499 },
      { id: 'pack_500', name: '500 credits', credits: 500, priceCents: 1999 },
    ]);
    const gql = await new HttpClient(app.url).graphql<{ creditPacks: unknown[] }>(
      '{ creditPacks { id name credits priceCents } }',
    );
    expect(gql.data!.creditPacks).toEqual(rest);
  });

  it('a Free user buys 500 credits: one paid lot that expires 24 months after the purchase', async () => {
    const { client, userId } = await signedInUser(app);
    const before = new Date();
    const sessionId = await buyPack(client, 'pack_500');
    const after = new Date();
    expect(await viewAccount(client)).toMatchObject({ rest: 505, graphql: 505, history: 505 });
    expect((await viewAccount(client)).plan).toBe('Free');
    const [purchase] = await purchasesOf(app, userId);
    expect(purchase!.data).toMatchObject({
      purchaseId: `pack-${sessionId}`,
      amount: 500,
      planId: 'pack_500',
      packId: 'pack_500',
      product: 'pack',
      invoiceId: sessionId,
      amountPaidCents: 1999,
      currency: 'usd',
    });
    const data = purchase!.data as { periodStart: string; expiresAt: string };
    const paidAt = new Date(data.periodStart);
    // Stripe's timestamps are whole seconds.
    expect(paidAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(paidAt.getTime()).toBeLessThanOrEqual(after.getTime());
    expect(data.expiresAt).toBe(MONTH_24(paidAt).toISOString());
    // Paying the same session again buys nothing more.
    const again = await client.fetch(`/billing/checkout/${sessionId}/pay`, { method: 'POST' });
    expect(again.status).toBe(303);
    await app.settle();
    expect(await purchasesOf(app, userId)).toHaveLength(1);
  });

  it('the same Idempotency-Key answers the same session; GraphQL buys through the same service', async () => {
    const { client } = await signedInUser(app);
    const create = (key: string) =>
      client.fetch('/api/create-pack-checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ packId: 'pack_100' }),
      });
    const [a, b] = await Promise.all([create('k-1'), create('k-1')]);
    const first = await a.json();
    expect(await b.json()).toEqual(first);
    expect((await (await create('k-2')).json()).sessionId).not.toBe(first.sessionId);
    const gql = await client.graphql<{ createPackCheckout: { sessionId: string; url: string } }>(
      'mutation($key: String) { createPackCheckout(packId: "pack_100", idempotencyKey: $key) { sessionId url } }',
      { key: 'k-3' },
    );
    expect(gql.data!.createPackCheckout.url).toBe(
      `/billing/checkout/${gql.data!.createPackCheckout.sessionId}`,
    );
  });

  it('refuses visitors, unknown packs and gifts with a bad address or message, changing nothing', async () => {
    const visitor = await new HttpClient(app.url).json('/api/create-pack-checkout', {
      packId: 'pack_100',
    });
    expect(visitor.status).toBe(401);
    const { client, userId } = await signedInUser(app);
    const unknown = await client.json('/api/create-pack-checkout', { packId: 'pack_9' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe('Unknown pack "pack_9"');
    expect((await client.json('/api/create-pack-checkout', {})).status).toBe(400);
    const gift = await client.json('/api/create-pack-checkout', {
      packId: 'pack_100',
      gift: { recipientEmail: 'friend at example.com', message: 'Enjoy' },
    });
    expect(gift.status).toBe(400);
    expect((await gift.json()).message).toBe('Please enter a valid email address');
    const gqlGift = await client.graphql(
      'mutation($message: String) { createPackCheckout(packId: "pack_100", gift: { message: $message }) { sessionId } }',
      { message: 'x'.repeat(501) },
    );
    expect(gqlGift.errors?.[0]?.message).toBe('A gift message can be at most 500 characters');
    const sessions = await app.database.pool.query(
      'SELECT count(*)::int AS n FROM local_checkout_sessions WHERE user_id = $1',
      [userId],
    );
    expect(sessions.rows[0].n).toBe(0);
  });

  it('a refund after part of the pack was spent takes back only the rest', async () => {
    const { client, userId } = await signedInUser(app);
    const sessionId = await buyPack(client, 'pack_500');
    // Soonest-expiring first: the pack's credits pay before the signup credits (no expiry).
    expect((await generate(client)).status).toBe(200);
    expect((await generate(client)).status).toBe(200);
    expect(await viewAccount(client)).toMatchObject({ rest: 495, history: 495 });
    const refund = refundEvent(localPackPaymentIntent(sessionId), 1999);
    expect(await (await deliver(app.url, refund)).json()).toMatchObject({ outcome: 'processed' });
    expect(await (await deliver(app.url, refund)).json()).toMatchObject({ outcome: 'duplicate' });
    await app.settle();
    expect(await viewAccount(client)).toMatchObject({ rest: 5, graphql: 5, history: 5 });
    const events = await app.runtime.storage.store.readStream(creditStreamId(userId));
    const revoked = events.filter((event) => event.type === 'CreditsRevoked');
    expect(revoked.map((event) => event.data)).toEqual([
      expect.objectContaining({
        lotId: `pack-${sessionId}`,
        amount: 490,
        funding: 'paid',
        reference: JSON.parse(refund.payload).data.object.id,
      }),
    ]);
    const payment = await app.database.pool.query(
      'SELECT refunded_at FROM billing_pack_payments WHERE checkout_session_id = $1',
      [sessionId],
    );
    expect(payment.rows[0].refunded_at).toBeInstanceOf(Date);
  });

  it('a refund that arrives before the payment is kept and applied when the payment arrives', async () => {
    const { client, userId } = await signedInUser(app);
    const created = await client.json('/api/create-pack-checkout', { packId: 'pack_100' });
    const { sessionId } = (await created.json()) as { sessionId: string };
    const refund = refundEvent(localPackPaymentIntent(sessionId), 499);
    expect(await (await deliver(app.url, refund)).json()).toMatchObject({ outcome: 'pending' });
    await client.fetch(`/billing/checkout/${sessionId}/pay`, { method: 'POST' });
    await app.settle();
    expect(await viewAccount(client)).toMatchObject({ rest: 5, history: 5 });
    const types = (await app.runtime.storage.store.readStream(creditStreamId(userId))).map(
      (event) => event.type,
    );
    expect(types).toEqual(['CreditsGranted', 'CreditsPurchased', 'CreditsRevoked']);
  });

  it('the same payment event delivered 20 times at once adds one lot', async () => {
    const { client, userId } = await signedInUser(app);
    const created = await client.json('/api/create-pack-checkout', { packId: 'pack_100' });
    const { sessionId } = (await created.json()) as { sessionId: string };
    const session = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: userId,
      payment_intent: localId('pi'),
      amount_total: 499,
      currency: 'usd',
      metadata: { userId, kind: 'pack', packId: 'pack_100' },
    };
    const delivery = signedEvent('checkout.session.completed', session, SECRET);
    // And the same payment told again under other event ids (Stripe's async success event).
    const other = signedEvent('checkout.session.async_payment_succeeded', session, SECRET);
    const responses = await Promise.all([
      ...Array.from({ length: 20 }, () => deliver(app.url, delivery)),
      ...Array.from({ length: 5 }, () => deliver(app.url, other)),
    ]);
    const outcomes = await Promise.all(responses.map((r) => r.json()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(outcomes.slice(0, 20).filter((o) => o.outcome === 'processed')).toHaveLength(1);
    await app.settle();
    expect(await purchasesOf(app, userId)).toHaveLength(1);
    expect(await viewAccount(client)).toMatchObject({ rest: 105, graphql: 105, history: 105 });
  });
});

describe('credit packs through Stripe (the real client against a local Stripe server)', () => {
  let stripe: FakeStripeServer;
  let app: TestApp;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ stripe, app, close: stop } = await startStripeModeApp(SECRET));
  });
  afterAll(async () => {
    await stop?.();
  });

  it('opens Checkout in payment mode priced on the server, and the paid session buys the pack', async () => {
    const { client, userId } = await signedInUser(app);
    const created = await client.fetch('/api/create-pack-checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'buy-500' },
      body: JSON.stringify({ packId: 'pack_500' }),
    });
    expect(created.status).toBe(200);
    const { sessionId, url } = (await created.json()) as { sessionId: string; url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const request = stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.method === 'POST',
    )!;
    expect(request.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '1999',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][quantity]': '1',
      client_reference_id: userId,
      'metadata[kind]': 'pack',
      'metadata[packId]': 'pack_500',
      success_url: 'https://art.example.com/profile?checkout=pack',
      cancel_url: 'https://art.example.com/pricing?checkout=canceled',
    });
    expect(request.idempotencyKey).toBe(`pack-checkout:${userId}:buy-500`);

    const paid = stripe.completeCheckout(sessionId);
    const completed = signedEvent('checkout.session.completed', paid, SECRET);
    expect(await (await deliver(app.url, completed)).json()).toMatchObject({
      outcome: 'processed',
    });
    await app.settle();
    expect(await viewAccount(client)).toMatchObject({ rest: 505, graphql: 505, history: 505 });
    expect((await purchasesOf(app, userId))[0]!.data).toMatchObject({
      product: 'pack',
      packId: 'pack_500',
      amountPaidCents: 1999,
    });

    // Finance's reconciliation finds the paid session and its one purchase: nothing to report.
    const reconciliation = await import('../staff/reconciliation').then((m) =>
      m.reconcile(app.database.pool, app.services.billing.gateway),
    );
    expect(reconciliation.issues).toEqual([]);
    expect(reconciliation.checkoutsChecked).toBe(1);

    // Refunded on Stripe: the unspent 500 are taken back.
    const refund = refundEvent(paid.payment_intent as string, 1999);
    expect(await (await deliver(app.url, refund)).json()).toMatchObject({ outcome: 'processed' });
    await app.settle();
    expect(await viewAccount(client)).toMatchObject({ rest: 5, history: 5 });
  });

  it('without an Idempotency-Key, a gift asked again with corrected details within the minute is its own checkout', async () => {
    const { client, userId } = await signedInUser(app);
    const ask = (recipientEmail: string) =>
      client.json('/api/create-pack-checkout', {
        packId: 'pack_100',
        gift: { recipientEmail, message: 'Happy birthday' },
      });
    const keys = async (recipientEmail: string) => {
      expect((await ask(recipientEmail)).status).toBe(200);
      return stripe.requests
        .filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')
        .at(-1)!.idempotencyKey;
    };
    const typo = await keys('frend@example.com');
    const fixed = await keys('friend@example.com');
    expect(fixed).not.toBe(typo);
    expect(fixed).toMatch(new RegExp(`^gift-checkout:${userId}:pack_100:`));
    expect(fixed).not.toContain('friend');
  });
});
