import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId } from '@app/ledger';
import { localPackPaymentIntent } from '../billing/local/local-pack-checkout';
import { deliver, signedRefund } from '../billing/testing/stripe-events';
import { buyPlan, generate } from '../testing/account-probe';
import { signedInUser } from '../testing/accounts';
import type { HttpClient } from '../testing/http-client';
import { ScriptedProvider } from '../testing/scripted-provider';
import { startTestApp, type TestApp } from '../testing/test-app';

// Finance sees prepaid money the way accountants do, with the issue's prices: every figure exact.

const SECRET = 'whsec_finance_prepaid';

const REPORT = `query($from: DateTime!, $to: DateTime!) {
  financeReport(from: $from, to: $to, granularity: MONTH) {
    period purchased spent
    revenue { product planId currency amountCents }
    prepaid {
      currency salesCents recognisedCents breakageCents refundedCents deferredOpeningCents deferredCents
      paidCreditsSold paidCreditsSpent paidCreditsExpired paidCreditsRevoked deferredCredits
      sales { product amountCents credits }
    }
  }
}`;

describe('finance: revenue by product, deferred, recognised and breakage', () => {
  let app: TestApp;
  let finance: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local', STRIPE_WEBHOOK_SECRET: SECRET }, undefined, {
      provider: new ScriptedProvider(),
    });
    const member = await signedInUser(app);
    await app.services.accounts.users.setRoles(member.userId, ['finance']);
    finance = member.client;
  });
  afterAll(async () => {
    await app?.close();
  });

  const buyPack = async (client: HttpClient, packId: string) => {
    const created = await client.json('/api/create-pack-checkout', { packId });
    const { sessionId, url } = (await created.json()) as { sessionId: string; url: string };
    expect((await client.fetch(`${url}/pay`, { method: 'POST' })).status).toBe(303);
    return sessionId;
  };

  it('shows sales by product, recognised, breakage, refunded and deferred per month, in GraphQL and the CSV', async () => {
    // A: a 100-credit pack ($4.99), 5 credits spent.
    const a = await signedInUser(app);
    await buyPack(a.client, 'pack_100');
    expect((await generate(a.client)).status).toBe(200);
    // B: a 500-credit pack ($19.99), refunded in full before any was spent.
    const b = await signedInUser(app);
    const bSession = await buyPack(b.client, 'pack_500');
    const refund = signedRefund(localPackPaymentIntent(bSession), SECRET);
    expect((await deliver(app.url, refund)).status).toBe(200);
    // C: Pro ($9, 300 credits), 5 spent, then the plan's credits end (the rest is breakage).
    const c = await signedInUser(app);
    expect(await buyPlan(c.client, 'pro')).toMatchObject({ status: 303 });
    expect((await generate(c.client)).status).toBe(200);
    const planLot = (await app.runtime.storage.store.readStream(creditStreamId(c.userId))).find(
      (event) => event.type === 'CreditsPurchased',
    )!.data as { purchaseId: string };
    const expired = await app.services.ledger.credits.handle(
      creditStreamId(c.userId),
      { type: 'ExpireCredits', data: { userId: c.userId, lotIds: [planLot.purchaseId] } },
      {
        now: new Date(),
        actor: { kind: 'system', id: 'test' },
        reason: 'Plan ended',
        correlationId: 'finance-test',
        idempotencyKey: `finance-test-expire-${c.userId}`,
      },
    );
    await app.services.projections.waitFor(expired.position);
    await app.settle();

    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const report = await finance.graphql<{
      financeReport: {
        revenue: unknown[];
        prepaid: Record<string, unknown>[];
      }[];
    }>(REPORT, { from: from.toISOString(), to: to.toISOString() });
    expect(report.errors).toBeUndefined();
    const [month] = report.data!.financeReport;
    expect(report.data!.financeReport).toHaveLength(1);
    expect(month!.revenue).toEqual([
      { product: 'PACK', planId: 'pack_100', currency: 'usd', amountCents: 499 },
      { product: 'PACK', planId: 'pack_500', currency: 'usd', amountCents: 1999 },
      { product: 'PLAN', planId: 'pro', currency: 'usd', amountCents: 900 },
    ]);
    expect(month!.prepaid).toEqual([
      {
        currency: 'usd',
        sales: [
          { product: 'PLAN', amountCents: 900, credits: 300 },
          { product: 'PACK', amountCents: 2498, credits: 600 },
          { product: 'GIFT', amountCents: 0, credits: 0 },
        ],
        salesCents: 3398,
        // 5 of 100 for $4.99: 24 cents; 5 of 300 for $9: 15 cents.
        recognisedCents: 39,
        // The 295 plan credits left: $9 - 15 cents.
        breakageCents: 885,
        // The refunded pack's 500 unspent credits.
        refundedCents: 1999,
        deferredOpeningCents: 0,
        // A's 95 credits: $4.99 - 24 cents.
        deferredCents: 475,
        paidCreditsSold: 900,
        paidCreditsSpent: 10,
        paidCreditsExpired: 295,
        paidCreditsRevoked: 500,
        deferredCredits: 95,
      },
    ]);

    // The CSV holds the same figures; only finance (and admin) may read it.
    const csv = await finance.fetch(
      `/api/staff/finance-report.csv?from=${from.toISOString()}&to=${to.toISOString()}&granularity=month`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe(
      'period,currency,revenue_plans_cents,revenue_packs_cents,revenue_gifts_cents,revenue_total_cents,recognised_cents,breakage_cents,refunded_cents,deferred_opening_cents,deferred_closing_cents,paid_credits_sold,paid_credits_spent,paid_credits_expired,paid_credits_revoked,paid_credits_deferred,credits_granted,credits_purchased,credits_spent,credits_refunded,credits_expired,credits_revoked,paid_consumed,free_consumed',
    );
    // Granted: 5 signup credits for each of the four users.
    expect(lines.slice(1)).toEqual([
      `${from.toISOString()},usd,900,2498,0,3398,39,885,1999,0,475,900,10,295,500,95,20,900,10,0,295,500,10,0`,
    ]);
    expect(
      (
        await a.client.fetch(
          `/api/staff/finance-report.csv?from=${from.toISOString()}&to=${to.toISOString()}`,
        )
      ).status,
    ).toBe(403);

    // Reconciliation: the plan's invoice and both pack checkouts each have exactly one purchase.
    const reconciliation = await finance.graphql<{
      financeReconciliation: {
        invoicesChecked: number;
        checkoutsChecked: number;
        issues: unknown[];
      };
    }>('{ financeReconciliation { invoicesChecked checkoutsChecked issues { kind invoiceId } } }');
    expect(reconciliation.data!.financeReconciliation).toEqual({
      invoicesChecked: 1,
      checkoutsChecked: 2,
      issues: [],
    });
  });
});
