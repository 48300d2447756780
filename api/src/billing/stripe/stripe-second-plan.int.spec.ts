import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId, subscriptionStreamId } from '@app/ledger';
import { runLedgerAudit } from '@app/projections';
import { signedInUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/test-app';
import {
  checkoutSessionObject,
  paidInvoiceObject,
  subscriptionObject,
  type LocalSubscription,
} from '../local/stripe-objects';
import { planById } from '../plans';
import { deliver, localId, signedEvent } from '../testing/stripe-events';
import { startStripeModeApp } from '../testing/stripe-mode-app';
import { reconcile } from '../../staff/reconciliation';
import type { FakeStripeServer } from './testing/fake-stripe-server';

// Two checkouts opened before either was paid (two tabs, Pro and Ultra) can both be paid: Stripe
// then runs two subscriptions for one person. The plan followed stays; the other is ended at
// Stripe and its payment refunded in full, and it buys nothing, whatever order its events come in.

const SECRET = 'whsec_second_plan';
const DAY = 86_400_000;

interface PaidPlan {
  subscription: LocalSubscription;
  invoice: Stripe.Invoice;
  paymentIntent: string;
}

describe('a second plan paid while the first runs (Stripe)', () => {
  let app: TestApp;
  let stripe: FakeStripeServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, stripe, close } = await startStripeModeApp(SECRET));
  });
  afterAll(async () => {
    await close?.();
  });

  /** A subscription running at Stripe, its first invoice paid. */
  function paidPlan(
    userId: string,
    customerId: string,
    planId: 'pro' | 'ultra',
    start = new Date(Date.now() - 60_000),
  ): PaidPlan {
    const subscription: LocalSubscription = {
      id: localId('sub'),
      userId,
      customerId,
      planId,
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 30 * DAY),
      cancelAtPeriodEnd: false,
    };
    const invoice = paidInvoiceObject(subscription, planById(planId)!, start);
    const paymentIntent = (
      invoice as unknown as { payments: { data: { payment: { payment_intent: string } }[] } }
    ).payments.data[0]!.payment.payment_intent;
    stripe.subscriptions.set(subscription.id, {
      id: subscription.id,
      customer: customerId,
      status: 'active',
    });
    stripe.payInvoice(invoice.id!, paymentIntent, invoice.amount_paid, 'usd', customerId);
    return { subscription, invoice, paymentIntent };
  }

  const deliveriesOf = ({ subscription, invoice }: PaidPlan) => [
    signedEvent('invoice.paid', invoice, SECRET),
    signedEvent(
      'checkout.session.completed',
      checkoutSessionObject({
        id: localId('cs'),
        userId: subscription.userId,
        plan: planById(subscription.planId)!,
        customerId: subscription.customerId,
        subscriptionId: subscription.id,
        successUrl: 'https://art.example.com/profile?checkout=success',
        cancelUrl: 'https://art.example.com/pricing?checkout=canceled',
      }),
      SECRET,
    ),
  ];

  async function deliverAll(deliveries: { payload: string; signature: string }[]) {
    const answers = await Promise.all(deliveries.map((delivery) => deliver(app.url, delivery)));
    for (const answer of answers) expect(answer.status).toBe(200);
  }

  const refundsOf = (paymentIntent: string) =>
    [...stripe.refundsApi.refunds.values()].filter(
      (refund) => refund.payment_intent === paymentIntent,
    );
  const creditTypes = async (userId: string) =>
    (await app.runtime.storage.store.readStream(creditStreamId(userId))).map((e) => e.type);
  const subscriptionState = async (userId: string) =>
    (await app.runtime.storage.ledger.subscriptions.read(subscriptionStreamId(userId))).state;

  /** Two checkouts opened at once in two tabs, before either is paid: one customer for both. */
  async function twoCheckoutsAtOnce() {
    const user = await signedInUser(app);
    const answers = await Promise.all(
      (['pro', 'ultra'] as const).map((planId) =>
        user.client.fetch('/api/create-subscription', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `tab-${planId}` },
          body: JSON.stringify({ planId }),
        }),
      ),
    );
    const sessions = await Promise.all(
      answers.map(async (answer) => {
        expect(answer.status).toBe(200);
        const { sessionId } = (await answer.json()) as { sessionId: string };
        return stripe.checkoutSessions.get(sessionId)!;
      }),
    );
    const customers = new Set(sessions.map((session) => session.customer));
    expect(customers.size).toBe(1);
    const customerId = [...customers][0] as string;
    expect(customerId).toMatch(/^cus_test_/);
    return { userId: user.userId, customerId };
  }

  it('keeps the plan that came first, ends the other at Stripe and refunds it in full, at once or redelivered', async () => {
    const { userId, customerId } = await twoCheckoutsAtOnce();
    const pro = paidPlan(userId, customerId, 'pro');
    const ultra = paidPlan(userId, customerId, 'ultra');

    // Both plans' events arrive at once, interleaved: one of the two is first.
    await deliverAll([...deliveriesOf(pro), ...deliveriesOf(ultra)]);

    const state = await subscriptionState(userId);
    const [kept, second] =
      state.subscriptionId === pro.subscription.id ? [pro, ultra] : [ultra, pro];
    expect(state).toMatchObject({
      subscriptionId: kept.subscription.id,
      planId: kept.subscription.planId,
      status: 'active',
      secondPlans: { [second.subscription.id]: true },
    });
    expect(stripe.subscriptions.get(second.subscription.id)?.status).toBe('canceled');
    expect(stripe.subscriptions.get(kept.subscription.id)?.status).toBe('active');
    expect(refundsOf(kept.paymentIntent)).toEqual([]);
    const refunds = refundsOf(second.paymentIntent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      payment_intent: second.paymentIntent,
      amount: second.invoice.amount_paid,
    });
    // Only the plan kept bought credits.
    expect((await creditTypes(userId)).filter((type) => type === 'CreditsPurchased')).toHaveLength(
      1,
    );
    const purchased = (await app.runtime.storage.store.readStream(creditStreamId(userId))).find(
      (event) => event.type === 'CreditsPurchased',
    );
    expect(purchased?.data).toMatchObject({ invoiceId: kept.invoice.id });

    // Stripe's news of the refund and of the end: the invoice is marked refunded, nothing kept
    // pending, the plan followed unchanged.
    const refunded = signedEvent('charge.refunded', stripe.refundedCharge(refunds[0]!.id), SECRET);
    expect(await (await deliver(app.url, refunded)).json()).toMatchObject({
      outcome: 'processed',
    });
    const ended = signedEvent(
      'customer.subscription.deleted',
      subscriptionObject({ ...second.subscription, status: 'canceled' }, new Date()),
      SECRET,
    );
    expect((await deliver(app.url, ended)).status).toBe(200);
    expect(await subscriptionState(userId)).toMatchObject({
      subscriptionId: kept.subscription.id,
      status: 'active',
    });
    expect((await app.database.pool.query('SELECT * FROM pending_refunds')).rows).toEqual([]);
    const invoices = await app.database.pool.query<{ invoice_id: string; refunded: boolean }>(
      'SELECT invoice_id, refunded_at IS NOT NULL AS refunded FROM billing_invoices WHERE user_id = $1 ORDER BY invoice_id',
      [userId],
    );
    expect(invoices.rows).toEqual(
      [
        { invoice_id: kept.invoice.id, refunded: false },
        { invoice_id: second.invoice.id, refunded: true },
      ].sort((a, b) => a.invoice_id!.localeCompare(b.invoice_id!)),
    );

    // Stripe sends the second plan's events again (new event ids): nothing more happens.
    const creditsBefore = await creditTypes(userId);
    await deliverAll(deliveriesOf(second));
    expect(refundsOf(second.paymentIntent)).toHaveLength(1);
    expect(await creditTypes(userId)).toEqual(creditsBefore);

    // Told once, by mail, what happened and where plans change.
    await app.services.mail.drain();
    const mails = await app.database.pool.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM outbox_mail WHERE user_id = $1 AND kind = 'second-plan-refunded'`,
      [userId],
    );
    const [keptName, secondName] = [kept, second].map(
      (plan) => planById(plan.subscription.planId)!.name,
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.subject).toBe(`Your ${secondName} payment was refunded`);
    expect(mails.rows[0]!.text_body).toContain(`You already have the ${keptName} plan`);
    expect(mails.rows[0]!.text_body).toContain(
      `$${(second.invoice.amount_paid / 100).toFixed(2)} is refunded in full`,
    );

    await app.settle();
    // Finance: Stripe lists both invoices paid; the refused one is expected to buy nothing.
    const reconciliation = await reconcile(app.database.pool, app.services.billing.gateway);
    const ours = reconciliation.issues.filter((issue) =>
      [kept.invoice.id, second.invoice.id].includes(issue.invoiceId),
    );
    expect(ours).toEqual([]);
    const audit = await runLedgerAudit({
      pool: app.database.pool,
      store: app.runtime.storage.store,
    });
    expect(audit.mismatches).toEqual([]);
    const row = await app.database.pool.query<{ subscription_id: string; status: string }>(
      'SELECT subscription_id, status FROM subscription_status WHERE user_id = $1',
      [userId],
    );
    expect(row.rows[0]).toEqual({ subscription_id: kept.subscription.id, status: 'active' });
  });

  it("Stripe's news out of order: the plan kept keeps its period's credits, a payment refunded already is not refunded again", async () => {
    const { userId, customerId } = await twoCheckoutsAtOnce();
    const kept = paidPlan(userId, customerId, 'pro', new Date(Date.now() - 2 * 3_600_000));
    const second = paidPlan(userId, customerId, 'ultra');
    // The plan kept is known active before any invoice; the second's payment was refunded from
    // Stripe's dashboard before its invoice reached us (its refund is kept, waiting for it).
    const updated = signedEvent(
      'customer.subscription.updated',
      subscriptionObject(kept.subscription),
      SECRET,
    );
    expect((await deliver(app.url, updated)).status).toBe(200);
    const [status, dashboardRefund] = stripe.refundsApi.create(
      { payment_intent: second.paymentIntent },
      'dashboard-refund',
    ) as [number, { id: string }];
    expect(status).toBe(200);
    const refunded = signedEvent(
      'charge.refunded',
      stripe.refundedCharge(dashboardRefund.id),
      SECRET,
    );
    expect(await (await deliver(app.url, refunded)).json()).toMatchObject({ outcome: 'pending' });

    const [secondInvoice] = deliveriesOf(second);
    expect((await deliver(app.url, secondInvoice!)).status).toBe(200);
    await deliverAll(deliveriesOf(kept));

    const types = await creditTypes(userId);
    expect(types.filter((type) => type === 'CreditsPurchased')).toHaveLength(1);
    expect(types).not.toContain('CreditsExpired');
    expect(await subscriptionState(userId)).toMatchObject({
      subscriptionId: kept.subscription.id,
      secondPlans: { [second.subscription.id]: true },
    });
    expect(refundsOf(second.paymentIntent)).toHaveLength(1);
    expect(stripe.subscriptions.get(second.subscription.id)?.status).toBe('canceled');
    expect(
      (
        await app.database.pool.query(
          'SELECT * FROM pending_refunds WHERE payment_intent_id = $1',
          [second.paymentIntent],
        )
      ).rows,
    ).toEqual([]);
    const invoice = await app.database.pool.query<{ refunded: boolean }>(
      'SELECT refunded_at IS NOT NULL AS refunded FROM billing_invoices WHERE invoice_id = $1',
      [second.invoice.id],
    );
    expect(invoice.rows).toEqual([{ refunded: true }]);
  });

  it('a late invoice of a plan followed before changes nothing of its successor, and only its own credits end', async () => {
    const { userId } = await signedInUser(app);
    const customerId = localId('cus');
    const old = paidPlan(userId, customerId, 'ultra', new Date(Date.now() - 40 * DAY));
    await deliverAll(deliveriesOf(old));
    // The old plan ends at Stripe (its customer.subscription.deleted is not here yet) and a new
    // plan follows it.
    stripe.subscriptions.get(old.subscription.id)!.status = 'canceled';
    const current = paidPlan(userId, customerId, 'pro');
    await deliverAll(deliveriesOf(current));
    // Then an upgrade invoice of the old plan arrives late, its period reaching past the new one's.
    const lateUpgrade = paidInvoiceObject(
      {
        ...old.subscription,
        currentPeriodStart: new Date(Date.now() - DAY),
        currentPeriodEnd: new Date(Date.now() + 60 * DAY),
      },
      planById('ultra')!,
      new Date(),
      { id: localId('in'), billingReason: 'subscription_update' },
    );
    await deliverAll([signedEvent('invoice.paid', lateUpgrade, SECRET)]);

    expect(await subscriptionState(userId)).toMatchObject({
      subscriptionId: current.subscription.id,
      planId: 'pro',
      status: 'active',
      secondPlans: {},
    });
    expect(refundsOf(old.paymentIntent)).toEqual([]);
    const events = await app.runtime.storage.store.readStream(creditStreamId(userId));
    const expiredLots = events
      .filter((event) => event.type === 'CreditsExpired')
      .map((event) => (event.data as { lotId: string }).lotId);
    expect(expiredLots).toContain(`purchase-${lateUpgrade.id}`);
    expect(expiredLots).not.toContain(`purchase-${current.invoice.id}`);
  });

  it('a new plan whose predecessor has ended at Stripe (its end not yet delivered) takes its place', async () => {
    const { userId } = await signedInUser(app);
    const customerId = localId('cus');
    const first = paidPlan(userId, customerId, 'pro');
    await deliverAll(deliveriesOf(first));
    stripe.subscriptions.get(first.subscription.id)!.status = 'canceled';
    const next = paidPlan(userId, customerId, 'ultra');

    await deliverAll(deliveriesOf(next));

    expect(await subscriptionState(userId)).toMatchObject({
      subscriptionId: next.subscription.id,
      planId: 'ultra',
      status: 'active',
      secondPlans: {},
    });
    expect(stripe.subscriptions.get(next.subscription.id)?.status).toBe('active');
    expect(refundsOf(next.paymentIntent)).toEqual([]);
    expect((await creditTypes(userId)).filter((type) => type === 'CreditsPurchased')).toHaveLength(
      2,
    );
  });
});
