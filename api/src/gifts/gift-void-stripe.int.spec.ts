import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftStreamId } from '@app/ledger';
import { FakeStripeServer } from '../billing/stripe/testing/fake-stripe-server';
import { deliver, signedEvent } from '../billing/testing/stripe-events';
import { idFromKey } from '../shared/idempotency';
import { reconcile } from '../staff/reconciliation';
import { signedInUser } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';

// Staff void a gift bought through Stripe: the payment is refunded with the real `stripe` client
// (refunds.create) against the local fake Stripe server, once, however often or concurrently the
// void is asked for; the refund's charge.refunded then changes nothing more in the ledger.

const SECRET = 'whsec_gift_void_stripe';

describe('voiding a gift refunds its Stripe payment exactly once', () => {
  let stripe: FakeStripeServer;
  let app: TestApp;
  beforeAll(async () => {
    stripe = await FakeStripeServer.start();
    app = await startTestApp({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_PRO: 'price_pro_123',
      STRIPE_PRICE_ULTRA: 'price_ultra_456',
      PUBLIC_URL: 'https://art.example.com',
      ...stripe.env(),
    });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  /** Buys pack_100 as a gift on (fake) Stripe Checkout; the paid session issues the gift. */
  const buyGiftOnStripe = async () => {
    const buyer = await signedInUser(app);
    const created = await buyer.client.json('/api/create-pack-checkout', {
      packId: 'pack_100',
      gift: { message: 'Enjoy' },
    });
    expect(created.status).toBe(200);
    const { sessionId } = (await created.json()) as { sessionId: string };
    const paid = stripe.completeCheckout(sessionId);
    const completed = signedEvent('checkout.session.completed', paid, SECRET);
    expect(await (await deliver(app.url, completed)).json()).toMatchObject({
      outcome: 'processed',
    });
    await app.settle();
    return {
      giftId: idFromKey('gift', sessionId),
      sessionId,
      paymentIntent: paid.payment_intent as string,
    };
  };

  const voidedEvents = async (giftId: string) =>
    (await app.services.ledger.store.readStream(giftStreamId(giftId))).filter(
      (event) => event.type === 'GiftVoided',
    );

  it('three voids, two of them at once: one GiftVoided, one refund, every call with one key', async () => {
    const { giftId, paymentIntent } = await buyGiftOnStripe();
    const staff = await signedInUser(app);
    await app.services.accounts.users.setRoles(staff.userId, ['support', 'finance']);
    const voidGift = () =>
      staff.client.fetch(`/api/staff/gifts/${giftId}/void`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Buyer asked for a refund' }),
      });

    const concurrent = await Promise.all([voidGift(), voidGift()]);
    const again = await voidGift();
    for (const response of [...concurrent, again]) {
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'voided' });
    }

    expect(await voidedEvents(giftId)).toHaveLength(1);
    const refunds = [...stripe.refundsApi.refunds.values()];
    expect(refunds).toEqual([
      expect.objectContaining({
        object: 'refund',
        payment_intent: paymentIntent,
        amount: 499,
        status: 'succeeded',
      }),
    ]);
    const calls = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.idempotencyKey))).toEqual(
      new Set([`refund:gift-void:${giftId}`]),
    );
    expect(calls[0]!.form).toEqual({ payment_intent: paymentIntent });

    // Stripe reports the refund (twice, at once): the gift is already void; nothing more happens.
    const charge = stripe.refundedCharge(refunds[0]!.id);
    const deliveries = [signedEvent('charge.refunded', charge, SECRET)];
    deliveries.push(deliveries[0]!);
    const outcomes = await Promise.all(
      deliveries.map(async (delivery) => (await deliver(app.url, delivery)).status),
    );
    expect(outcomes).toEqual([200, 200]);
    await app.settle();
    expect(await voidedEvents(giftId)).toHaveLength(1);
    expect(stripe.refundsApi.refunds.size).toBe(1);

    // Finance: the refund is on Stripe and the gift void in the ledger, so nothing to report.
    const reconciliation = await reconcile(app.database.pool, app.services.billing.gateway);
    expect(reconciliation).toMatchObject({ checkoutsChecked: 1, issues: [] });
  });

  it('a second refund with another key is refused as Stripe refuses it: the charge is already refunded', async () => {
    const { giftId, sessionId } = await buyGiftOnStripe();
    const staff = await signedInUser(app);
    await app.services.accounts.users.setRoles(staff.userId, ['support']);
    expect(
      (
        await staff.client.fetch(`/api/staff/gifts/${giftId}/void`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'Buyer asked for a refund' }),
        })
      ).status,
    ).toBe(200);
    await expect(
      app.services.billing.gateway.refundCheckoutPayment(sessionId, 'some-other-key'),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_already_refunded' });
    expect(
      [...stripe.refundsApi.refunds.values()].filter(
        (refund) =>
          refund.payment_intent === stripe.checkoutSessions.get(sessionId)!.payment_intent,
      ),
    ).toHaveLength(1);
  });

  it('a refund that came while a crash left the gift unissued voids it once the reconciler has issued it, even on a later pass', async () => {
    const buyer = await signedInUser(app);
    const created = await buyer.client.json('/api/create-pack-checkout', {
      packId: 'pack_100',
      gift: { message: 'Enjoy' },
    });
    const { sessionId } = (await created.json()) as { sessionId: string };
    const giftId = idFromKey('gift', sessionId);
    const paid = stripe.completeCheckout(sessionId);

    // The process stops between the gift's row and its event: the delivery fails.
    const gifts = app.services.ledger.gifts;
    const handle = gifts.handle.bind(gifts);
    gifts.handle = () => {
      gifts.handle = handle;
      return Promise.reject(new Error('the process stopped here'));
    };
    const completed = signedEvent('checkout.session.completed', paid, SECRET);
    expect((await deliver(app.url, completed)).status).toBe(500);
    expect(await app.services.ledger.store.readStream(giftStreamId(giftId))).toEqual([]);

    // The buyer's bank refunds meanwhile: kept, as the gift is not in the log.
    const refund = signedEvent(
      'charge.refunded',
      {
        id: `ch_${String(paid.payment_intent)}`,
        object: 'charge',
        payment_intent: paid.payment_intent,
        refunded: true,
        amount: paid.amount_total,
        amount_refunded: paid.amount_total,
        currency: 'usd',
      },
      SECRET,
    );
    expect(await (await deliver(app.url, refund)).json()).toMatchObject({ outcome: 'pending' });

    // The reconciler issues the gift and stops before the kept refund (the process stops again);
    // its next pass voids the gift.
    let stopOnce = true;
    app.services.gifts.connectPendingRefunds((checkoutSessionId) => {
      if (stopOnce) {
        stopOnce = false;
        return Promise.reject(new Error('the process stopped here'));
      }
      return app.services.webhooks.applyPendingRefundsOfCheckout(checkoutSessionId);
    });
    await app.services.gifts.reconcile('test-reconcile');
    expect(
      (await app.services.ledger.store.readStream(giftStreamId(giftId))).map((e) => e.type),
    ).toEqual(['GiftIssued']);
    await app.services.gifts.reconcile('test-reconcile-again');
    const types = (await app.services.ledger.store.readStream(giftStreamId(giftId))).map(
      (event) => event.type,
    );
    expect(types).toEqual(['GiftIssued', 'GiftVoided']);
    expect(
      (
        await app.database.pool.query(
          'SELECT * FROM pending_refunds WHERE payment_intent_id = $1',
          [paid.payment_intent],
        )
      ).rows,
    ).toEqual([]);
  });
});
