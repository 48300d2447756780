import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { StripeGateway } from './stripe-gateway';
import { FakeStripeServer } from './testing/fake-stripe-server';

describe('account deletion ends the Stripe subscriptions first (official client, local server)', () => {
  let stripe: FakeStripeServer;
  beforeAll(async () => {
    stripe = await FakeStripeServer.start();
  });
  afterAll(async () => {
    await stripe?.close();
  });

  it('cancels the customer’s live subscriptions at once, with an idempotency key, and no one else’s', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      ...stripe.env(),
    });
    const gateway = new StripeGateway(config.billing);
    stripe.subscriptions.set('sub_live', { id: 'sub_live', customer: 'cus_a', status: 'active' });
    stripe.subscriptions.set('sub_due', { id: 'sub_due', customer: 'cus_a', status: 'past_due' });
    stripe.subscriptions.set('sub_old', { id: 'sub_old', customer: 'cus_a', status: 'canceled' });
    stripe.subscriptions.set('sub_other', { id: 'sub_other', customer: 'cus_b', status: 'active' });

    expect(await gateway.cancelSubscriptionsNow('user-a', 'cus_a')).toBe(2);
    expect(stripe.subscriptions.get('sub_live')?.status).toBe('canceled');
    expect(stripe.subscriptions.get('sub_due')?.status).toBe('canceled');
    expect(stripe.subscriptions.get('sub_other')?.status).toBe('active');
    const cancels = stripe.requests.filter((r) => r.method === 'DELETE');
    expect(cancels.map((r) => [r.path, r.idempotencyKey])).toEqual([
      ['/v1/subscriptions/sub_live', 'erase:sub_live'],
      ['/v1/subscriptions/sub_due', 'erase:sub_due'],
    ]);
    // A user who never paid has no customer: nothing to ask Stripe.
    expect(await gateway.cancelSubscriptionsNow('user-c', null)).toBe(0);
  });

  it('ends one subscription whose period was refunded, once: an ended one is left alone', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      ...stripe.env(),
    });
    const gateway = new StripeGateway(config.billing);
    stripe.subscriptions.set('sub_refunded', {
      id: 'sub_refunded',
      customer: 'cus_r',
      status: 'active',
    });
    stripe.requests.length = 0;
    expect(await gateway.endSubscriptionNow('sub_refunded', 'refund-end:ch_1')).toBe(true);
    expect(stripe.subscriptions.get('sub_refunded')?.status).toBe('canceled');
    expect(await gateway.endSubscriptionNow('sub_refunded', 'refund-end:ch_1')).toBe(false);
    const cancels = stripe.requests.filter((r) => r.method === 'DELETE');
    expect(cancels.map((r) => [r.path, r.idempotencyKey])).toEqual([
      ['/v1/subscriptions/sub_refunded', 'refund-end:ch_1'],
    ]);
  });
});
