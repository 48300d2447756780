import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId } from '@app/ledger';
import { signedInUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/test-app';
import { localId, paidInvoiceObject } from '../local/stripe-objects';
import { planById } from '../plans';
import { deliver, signedEvent, signedRefund } from '../testing/stripe-events';
import { startStripeModeApp } from '../testing/stripe-mode-app';
import type { FakeStripeServer } from './testing/fake-stripe-server';

// Stripe's invoice events do not carry the invoice's payments (an includable field): a refund
// that arrived before its invoice is matched to it through the provider's invoice payments.

const SECRET = 'whsec_refund_first';
const DAY = 86_400_000;

describe('a Stripe refund that arrives before its invoice', () => {
  let app: TestApp;
  let stripe: FakeStripeServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, stripe, close } = await startStripeModeApp(SECRET));
  });
  afterAll(async () => {
    await close?.();
  });

  it('is kept, and applied when the invoice (without its payments) is paid', async () => {
    const { userId } = await signedInUser(app);
    const start = new Date();
    const subscription = {
      id: localId('sub'),
      userId,
      customerId: localId('cus'),
      planId: 'pro',
      status: 'active' as const,
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 30 * DAY),
      cancelAtPeriodEnd: false,
    };
    const invoice = paidInvoiceObject(subscription, planById('pro')!, start) as unknown as {
      id: string;
      payments?: unknown;
      lines: { data: { pricing: { price_details: { price: string } } }[] };
    };
    delete invoice.payments;
    invoice.lines.data[0]!.pricing.price_details.price = 'price_pro_123';
    stripe.subscriptions.set(subscription.id, {
      id: subscription.id,
      customer: subscription.customerId,
      status: 'active',
    });
    const paymentIntent = localId('pi');
    stripe.invoiceForPaymentIntent.set(paymentIntent, invoice.id);

    const refund = signedRefund(paymentIntent, SECRET);
    expect(await (await deliver(app.url, refund)).json()).toMatchObject({ outcome: 'pending' });
    const paid = await deliver(
      app.url,
      signedEvent('invoice.paid', invoice as unknown as Stripe.Invoice, SECRET),
    );
    expect(paid.status).toBe(200);
    const types = (await app.runtime.storage.store.readStream(creditStreamId(userId))).map(
      (event) => event.type,
    );
    expect(types).toEqual(['CreditsGranted', 'CreditsPurchased', 'CreditsRevoked']);
    expect((await app.database.pool.query('SELECT * FROM pending_refunds')).rows).toEqual([]);
  });
});
