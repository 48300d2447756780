import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId, giftStreamId } from '@app/ledger';
import { getCreditBalance } from '@app/projections';
import { buildUserView } from '../../accounts/user-view';
import { signedInUser } from '../../testing/accounts';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { GiftRepository } from '../../gifts/gift-repository';
import { CREDIT_PACKS } from '../packs';
import { planById } from '../plans';
import {
  checkoutSessionObject,
  localId,
  paidInvoiceObject,
  subscriptionObject,
} from '../local/stripe-objects';
import { deliver, proSubscriptionFor, signedEvent, signedRefund } from '../testing/stripe-events';

const SECRET = 'whsec_test_webhook_secret';
const pro = planById('pro')!;
const DAY = 86_400_000;

describe('Stripe webhook', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local', STRIPE_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => {
    await app?.close();
  });

  const me = async (client: Awaited<ReturnType<typeof signedInUser>>['client']) =>
    (
      await client.graphql<{
        me: { credits: number; subscriptionStatus: string; currentPlan: string };
      }>('{ me { credits subscriptionStatus currentPlan } }')
    ).data!.me;
  const settle = () => app.settle();

  it('the same invoice.paid delivered three times buys the credits once', async () => {
    const { client, userId } = await signedInUser(app);
    const subscription = proSubscriptionFor(userId, new Date());
    const delivery = signedEvent(
      'invoice.paid',
      paidInvoiceObject(subscription, pro, new Date()),
      SECRET,
    );
    for (let i = 0; i < 3; i++) expect((await deliver(app.url, delivery)).status).toBe(200);
    await settle();
    expect((await me(client)).credits).toBe(305);
    const purchases = (await app.runtime.storage.store.readStream(creditStreamId(userId))).filter(
      (e) => e.type === 'CreditsPurchased',
    );
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.data).toMatchObject({
      amount: 300,
      planId: 'pro',
      amountPaidCents: 900,
      currency: 'usd',
    });
    const events = await app.database.pool.query(
      'SELECT count(*)::int AS n FROM stripe_events WHERE id = $1',
      [delivery.id],
    );
    expect(events.rows[0].n).toBe(1);
  });

  it('a bad signature gets 400 and changes nothing', async () => {
    const { userId } = await signedInUser(app);
    const delivery = signedEvent(
      'invoice.paid',
      paidInvoiceObject(proSubscriptionFor(userId, new Date()), pro, new Date()),
      'whsec_someone_else',
    );
    const response = await deliver(app.url, delivery);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('Invalid webhook signature');
    const tampered = signedEvent(
      'invoice.paid',
      paidInvoiceObject(proSubscriptionFor(userId, new Date()), pro, new Date()),
      SECRET,
    );
    expect(
      (
        await deliver(app.url, {
          ...tampered,
          payload: tampered.payload.replace('"amount_paid":900', '"amount_paid":1'),
        })
      ).status,
    ).toBe(400);
    expect((await deliver(app.url, { payload: tampered.payload, signature: '' })).status).toBe(400);
    expect(
      (
        await app.database.pool.query(
          'SELECT count(*)::int AS n FROM stripe_events WHERE id = $1',
          [delivery.id],
        )
      ).rows[0].n,
    ).toBe(0);
    await settle();
    expect((await getCreditBalance(app.database.pool, userId)).available).toBe(5);
  });

  it('invoice.paid before checkout.session.completed: the right user ends with the right credits', async () => {
    const { client, userId } = await signedInUser(app);
    const subscription = proSubscriptionFor(userId, new Date());
    const invoice = signedEvent(
      'invoice.paid',
      paidInvoiceObject(subscription, pro, new Date()),
      SECRET,
    );
    const checkout = signedEvent(
      'checkout.session.completed',
      checkoutSessionObject({
        id: localId('cs'),
        userId,
        plan: pro,
        customerId: subscription.customerId,
        subscriptionId: subscription.id,
        successUrl: '/',
        cancelUrl: '/',
      }),
      SECRET,
    );
    expect((await deliver(app.url, invoice)).status).toBe(200);
    expect((await deliver(app.url, checkout)).status).toBe(200);
    await settle();
    expect(await me(client)).toEqual({
      credits: 305,
      subscriptionStatus: 'ACTIVE',
      currentPlan: 'Pro Plan',
    });
    const customer = await app.database.pool.query(
      'SELECT customer_id FROM billing_customers WHERE user_id = $1',
      [userId],
    );
    expect(customer.rows[0].customer_id).toBe(subscription.customerId);
  });

  it('renewal: what is left of the old period expires, the new period brings its credits', async () => {
    const { client, userId } = await signedInUser(app);
    const first = proSubscriptionFor(userId, new Date(Date.now() - 30 * DAY + 60_000));
    expect(
      (
        await deliver(
          app.url,
          signedEvent(
            'invoice.paid',
            paidInvoiceObject(first, pro, first.currentPeriodStart),
            SECRET,
          ),
        )
      ).status,
    ).toBe(200);
    const renewed = {
      ...first,
      currentPeriodStart: first.currentPeriodEnd,
      currentPeriodEnd: new Date(first.currentPeriodEnd.getTime() + 30 * DAY),
    };
    expect(
      (
        await deliver(
          app.url,
          signedEvent('invoice.paid', paidInvoiceObject(renewed, pro, new Date()), SECRET),
        )
      ).status,
    ).toBe(200);
    await settle();
    expect((await me(client)).credits).toBe(305);
    const types = (await app.runtime.storage.store.readStream(creditStreamId(userId))).map((e) => [
      e.type,
      (e.data as { amount: number }).amount,
    ]);
    expect(types).toEqual([
      ['CreditsGranted', 5],
      ['CreditsPurchased', 300],
      ['CreditsExpired', 300],
      ['CreditsPurchased', 300],
    ]);
  });

  it('past_due shows its badge; when the plan ends, what is left of its credits expires at once and the plan shows Free', async () => {
    const { client, userId } = await signedInUser(app);
    const subscription = proSubscriptionFor(userId, new Date());
    await deliver(
      app.url,
      signedEvent('invoice.paid', paidInvoiceObject(subscription, pro, new Date()), SECRET),
    );
    const failedInvoice = paidInvoiceObject(subscription, pro, new Date());
    await deliver(
      app.url,
      signedEvent(
        'invoice.payment_failed',
        { ...failedInvoice, status: 'open', amount_paid: 0 },
        SECRET,
        new Date(Date.now() + 1_000),
      ),
    );
    await settle();
    expect(await me(client)).toMatchObject({
      subscriptionStatus: 'PAST_DUE',
      currentPlan: 'Pro Plan',
      credits: 305,
    });

    const canceledAt = new Date(Date.now() + 2_000);
    const deleted = signedEvent(
      'customer.subscription.deleted',
      subscriptionObject({ ...subscription, status: 'canceled' }, canceledAt),
      SECRET,
      canceledAt,
    );
    expect((await deliver(app.url, deleted)).status).toBe(200);
    await settle();
    expect(await me(client)).toEqual({
      subscriptionStatus: 'CANCELED',
      currentPlan: 'Free',
      credits: 5,
    });
    const expired = (await app.runtime.storage.store.readStream(creditStreamId(userId))).filter(
      (e) => e.type === 'CreditsExpired',
    );
    expect(expired.map((e) => e.data)).toEqual([
      expect.objectContaining({ amount: 300, funding: 'paid' }),
    ]);
    // A redelivery of the end changes nothing more.
    expect(await (await deliver(app.url, deleted)).json()).toMatchObject({ outcome: 'duplicate' });
    const user = (await app.services.accounts.users.findById(userId))!;
    const later = new Date(subscription.currentPeriodEnd.getTime() + 1_000);
    expect(await buildUserView(app.database.pool, user, later)).toMatchObject({
      credits: 5,
      currentPlan: 'Free',
      subscriptionStatus: 'canceled',
    });
  });

  it('an older subscription.updated arriving late changes nothing', async () => {
    const { client, userId } = await signedInUser(app);
    const subscription = proSubscriptionFor(userId, new Date());
    await deliver(
      app.url,
      signedEvent(
        'invoice.paid',
        paidInvoiceObject(subscription, pro, new Date()),
        SECRET,
        new Date(Date.now() + 5_000),
      ),
    );
    await deliver(
      app.url,
      signedEvent(
        'customer.subscription.updated',
        subscriptionObject({ ...subscription, status: 'past_due' }),
        SECRET,
        new Date(Date.now() - 60_000),
      ),
    );
    await settle();
    expect((await me(client)).subscriptionStatus).toBe('ACTIVE');
  });

  it('a fully refunded charge takes back the unspent credits of its purchase', async () => {
    const { client, userId } = await signedInUser(app);
    const invoice = paidInvoiceObject(proSubscriptionFor(userId, new Date()), pro, new Date());
    await deliver(app.url, signedEvent('invoice.paid', invoice, SECRET));
    const paymentIntent = (
      invoice as unknown as { payments: { data: { payment: { payment_intent: string } }[] } }
    ).payments.data[0]!.payment.payment_intent;
    const charge = {
      id: localId('ch'),
      object: 'charge',
      payment_intent: paymentIntent,
      refunded: true,
      amount_refunded: 900,
      amount: 900,
      currency: 'usd',
    };
    expect((await deliver(app.url, signedEvent('charge.refunded', charge, SECRET))).status).toBe(
      200,
    );
    await settle();
    expect((await me(client)).credits).toBe(5);
    const revoked = (await app.runtime.storage.store.readStream(creditStreamId(userId))).find(
      (e) => e.type === 'CreditsRevoked',
    );
    expect(revoked?.data).toMatchObject({ amount: 300, funding: 'paid', reference: charge.id });
  });

  it("a gift's refund that arrives before its payment is kept, and voids the gift once it is issued", async () => {
    const { userId } = await signedInUser(app);
    const pack = CREDIT_PACKS[0]!;
    const paymentIntent = localId('pi');
    const session = {
      id: localId('cs'),
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: userId,
      payment_intent: paymentIntent,
      amount_total: pack.priceCents,
      currency: 'usd',
      metadata: { kind: 'gift', packId: pack.id, userId },
      livemode: false,
    };
    const refund = signedRefund(paymentIntent, SECRET);
    expect(await (await deliver(app.url, refund)).json()).toMatchObject({ outcome: 'pending' });
    await deliver(app.url, signedEvent('checkout.session.completed', session, SECRET));
    const gift = await new GiftRepository(app.database.pool).byPaymentRef(session.id);
    const { state } = await app.services.ledger.gifts.read(giftStreamId(gift!.giftId));
    expect(state.status).toBe('voided');
    expect((await app.database.pool.query('SELECT * FROM pending_refunds')).rows).toEqual([]);
  });

  it('a refund that arrives before its invoice is kept and applied when the invoice arrives', async () => {
    const { client, userId } = await signedInUser(app);
    const invoice = paidInvoiceObject(proSubscriptionFor(userId, new Date()), pro, new Date());
    const paymentIntent = (
      invoice as unknown as { payments: { data: { payment: { payment_intent: string } }[] } }
    ).payments.data[0]!.payment.payment_intent;
    const refund = signedRefund(paymentIntent, SECRET);
    expect(await (await deliver(app.url, refund)).json()).toMatchObject({ outcome: 'pending' });
    expect(await (await deliver(app.url, refund)).json()).toMatchObject({ outcome: 'duplicate' });
    await deliver(app.url, signedEvent('invoice.paid', invoice, SECRET));
    await settle();
    expect((await me(client)).credits).toBe(5);
    const types = (await app.runtime.storage.store.readStream(creditStreamId(userId))).map(
      (e) => e.type,
    );
    expect(types).toEqual(['CreditsGranted', 'CreditsPurchased', 'CreditsRevoked']);
    expect((await app.database.pool.query('SELECT * FROM pending_refunds')).rows).toEqual([]);
  });
});
