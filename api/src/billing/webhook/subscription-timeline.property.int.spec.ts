import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId, isLotUsable, subscriptionStreamId } from '@app/ledger';
import { runLedgerAudit } from '@app/projections';
import { signedInUser } from '../../testing/accounts';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { planById } from '../plans';
import {
  checkoutSessionObject,
  localId,
  paidInvoiceObject,
  subscriptionObject,
  type LocalSubscription,
} from '../local/stripe-objects';
import { signedEvent } from '../testing/stripe-events';

// Random subscription timelines (checkout, invoices, a failed payment, cancel at period end, the
// end, a refund), delivered shuffled and with duplicates through the webhook handler. After every
// delivery: no credit of an ended period is available, and a repeated delivery has no effect;
// after every timeline the audit finds nothing.

const SECRET = 'whsec_timeline_property';
const DAY = 86_400_000;
const pro = planById('pro')!;

interface Timeline {
  failedPayment: boolean;
  cancelAtPeriodEnd: boolean;
  renewal: boolean;
  ended: boolean;
  refund: 'none' | 'first' | 'second';
}

const timelineArbitrary: fc.Arbitrary<Timeline> = fc
  .record({
    failedPayment: fc.boolean(),
    cancelAtPeriodEnd: fc.boolean(),
    renewal: fc.boolean(),
    ended: fc.boolean(),
    refund: fc.constantFrom('none', 'first', 'second'),
  })
  .map((t) => ({
    ...t,
    // A plan set to cancel does not renew; a refund of the second invoice needs one.
    renewal: t.renewal && !t.cancelAtPeriodEnd,
    refund: t.refund === 'second' && !(t.renewal && !t.cancelAtPeriodEnd) ? 'first' : t.refund,
  }));

interface Delivery {
  kind: string;
  payload: string;
  signature: string;
  eventId: string;
  invoice?: 'first' | 'second';
}

const paymentIntentOf = (invoice: unknown) =>
  (invoice as { payments: { data: { payment: { payment_intent: string } }[] } }).payments.data[0]!
    .payment.payment_intent;

/** The Stripe events of one timeline, in the order Stripe would create them. */
function eventsOf(timeline: Timeline, userId: string): Delivery[] {
  const now = Date.now();
  let created = now - 10 * 60_000;
  const next = () => new Date((created += 1_000));
  const subscription: LocalSubscription = {
    id: localId('sub'),
    userId,
    customerId: localId('cus'),
    planId: 'pro',
    status: 'active',
    currentPeriodStart: new Date(now - DAY),
    currentPeriodEnd: new Date(now + 29 * DAY),
    cancelAtPeriodEnd: false,
  };
  const events: Delivery[] = [];
  const add = (kind: string, object: unknown, invoice?: 'first' | 'second') => {
    const event = signedEvent(kind, object, SECRET, next());
    events.push({ kind, eventId: event.id, ...event, ...(invoice ? { invoice } : {}) });
  };
  add(
    'checkout.session.completed',
    checkoutSessionObject({
      id: localId('cs'),
      userId,
      plan: pro,
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      successUrl: '/profile',
      cancelUrl: '/pricing',
    }),
  );
  const first = paidInvoiceObject(subscription, pro, new Date(now - DAY));
  add('invoice.paid', first, 'first');
  if (timeline.failedPayment)
    add('invoice.payment_failed', {
      ...paidInvoiceObject(subscription, pro, new Date()),
      status: 'open',
      amount_paid: 0,
    });
  if (timeline.cancelAtPeriodEnd)
    add(
      'customer.subscription.updated',
      subscriptionObject({ ...subscription, cancelAtPeriodEnd: true }),
    );
  const renewed = {
    ...subscription,
    currentPeriodStart: subscription.currentPeriodEnd,
    currentPeriodEnd: new Date(subscription.currentPeriodEnd.getTime() + 30 * DAY),
  };
  const second = timeline.renewal ? paidInvoiceObject(renewed, pro, new Date()) : null;
  if (second) add('invoice.paid', second, 'second');
  if (timeline.refund !== 'none') {
    const refunded = timeline.refund === 'first' ? first : second!;
    add(
      'charge.refunded',
      {
        id: localId('ch'),
        object: 'charge',
        payment_intent: paymentIntentOf(refunded),
        refunded: true,
        amount: pro.price,
        amount_refunded: pro.price,
      },
      timeline.refund,
    );
  }
  if (timeline.ended)
    add(
      'customer.subscription.deleted',
      subscriptionObject(
        { ...(second ? renewed : subscription), status: 'canceled' },
        new Date(created),
      ),
    );
  return events;
}

describe('subscription timelines through the webhook handler (fast-check)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local', STRIPE_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => {
    await app?.close();
  });

  const streamLengths = async (userId: string) => {
    const store = app.runtime.storage.store;
    return (
      (await store.readStream(creditStreamId(userId))).length +
      (await store.readStream(subscriptionStreamId(userId))).length
    );
  };

  it('no credit of an ended period is available, duplicates change nothing, the audit finds nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        timelineArbitrary,
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        async (timeline, duplicates, randomness) => {
          const { userId } = await signedInUser(app);
          const events = eventsOf(timeline, userId);
          const deliveries = [...events, ...duplicates.map((d) => events[d % events.length]!)];
          // Shuffle with fast-check's own randomness, so a failure shrinks and replays.
          const order = deliveries
            .map((delivery) => ({ delivery, at: randomness.next().value as number }))
            .sort((a, b) => a.at - b.at)
            .map((entry) => entry.delivery);

          const delivered = new Set<string>();
          for (const delivery of order) {
            const before = await streamLengths(userId);
            const outcome = await app.services.webhooks.receive(
              Buffer.from(delivery.payload),
              delivery.signature,
            );
            if (delivered.has(delivery.eventId)) {
              expect(outcome).toBe('duplicate');
              expect(await streamLengths(userId)).toBe(before);
            } else expect(outcome).not.toBe('duplicate');
            delivered.add(delivery.eventId);

            // Which periods have ended, as far as what was delivered tells.
            const has = (kind: string, invoice?: 'first' | 'second') =>
              events.some(
                (e) =>
                  delivered.has(e.eventId) &&
                  e.kind === kind &&
                  (!invoice || e.invoice === invoice),
              );
            const planEnded = has('customer.subscription.deleted');
            const ended = {
              first: planEnded || has('invoice.paid', 'second') || has('charge.refunded', 'first'),
              second: planEnded || has('charge.refunded', 'second'),
            };
            const { state } = await app.services.ledger.credits.read(creditStreamId(userId));
            const now = Date.now();
            for (const e of events) {
              if (e.kind !== 'invoice.paid' || !e.invoice) continue;
              const invoiceId = (JSON.parse(e.payload) as { data: { object: { id: string } } }).data
                .object.id;
              const lot = state.lots[`purchase-${invoiceId}`];
              if (ended[e.invoice] && lot)
                expect(
                  isLotUsable(lot, now) ? lot.remaining : 0,
                  `${e.invoice} period's credits after ${order.map((d) => d.kind).join(', ')}`,
                ).toBe(0);
            }
          }
          await app.settle();
          const audit = await runLedgerAudit({
            pool: app.database.pool,
            store: app.runtime.storage.store,
          });
          expect(audit.mismatches).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  }, 300_000);
});
