import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId } from '@app/ledger';
import { buyPlan, viewAccount } from '../../testing/account-probe';
import { signedInUser } from '../../testing/accounts';
import { startTestApp, type TestApp } from '../../testing/test-app';

// The embedded checkout keeps each payment's events with the payment: a hand-over to the webhook
// handler that fails is retried, so a payment taken is never a payment lost.

describe('local checkout outbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a payment whose events the handler refused is delivered later, once, even by five redeliveries at once', async () => {
    const { client, userId } = await signedInUser(app);
    const billing = app.services.localBilling!;
    const webhooks = app.services.webhooks;
    const receive = webhooks.receive.bind(webhooks);
    let refused = 0;
    webhooks.receive = async (body, signature) => {
      if (JSON.parse(body.toString()).type === 'invoice.paid') {
        refused++;
        throw new Error('the database went away for a moment');
      }
      return receive(body, signature);
    };
    try {
      const bought = await buyPlan(client, 'pro');
      expect(bought.status).toBe(303);
    } finally {
      webhooks.receive = receive;
    }
    expect(refused).toBe(1);
    await app.settleUser(userId);
    expect((await viewAccount(client)).graphql).toBe(5);
    const pending = await app.database.pool.query<{ type: string; attempts: number }>(
      'SELECT type, attempts FROM local_billing_events WHERE delivered_at IS NULL',
    );
    expect(pending.rows).toEqual([{ type: 'invoice.paid', attempts: 1 }]);

    // Not retried at once (the first delivery may still be running elsewhere); after a while it is.
    expect(await billing.outbox.redeliver()).toBe(0);
    await app.database.pool.query(
      `UPDATE local_billing_events SET created_at = created_at - interval '1 minute'`,
    );
    const taken = await Promise.all(Array.from({ length: 5 }, () => billing.outbox.redeliver()));
    expect(taken.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    await app.settleUser(userId);
    expect(await viewAccount(client)).toMatchObject({ rest: 305, graphql: 305, plan: 'Pro Plan' });
    const purchases = (await app.runtime.storage.store.readStream(creditStreamId(userId))).filter(
      (event) => event.type === 'CreditsPurchased',
    );
    expect(purchases).toHaveLength(1);
    const left = await app.database.pool.query(
      'SELECT 1 FROM local_billing_events WHERE delivered_at IS NULL',
    );
    expect(left.rowCount).toBe(0);
  });
});
