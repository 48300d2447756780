import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId, giftPurchaseId, giftStreamId } from '@app/ledger';
import { paidCreditsProjection, rebuildProjection, runLedgerAudit } from '@app/projections';
import { buyGift } from '../gifts/testing/gift-purchase';
import { generate } from '../testing/account-probe';
import { signedInUser } from '../testing/accounts';

type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;
import type { HttpClient } from '../testing/http-client';
import { ScriptedProvider } from '../testing/scripted-provider';
import { FINANCE_CSV_COLUMNS } from './finance-report-csv';
import { startTestApp, type TestApp } from '../testing/test-app';

// Gift money as finance sees it, from real events: revenue ("gifts") when the buyer pays, deferred
// while unredeemed, in the redeemer's lot once redeemed (recognised as spent, breakage as expired),
// refunded when voided. Every figure exact, in GraphQL and the CSV, and again after a rebuild.

const PREPAID = `query($from: DateTime!, $to: DateTime!) {
  financeReport(from: $from, to: $to, granularity: MONTH) {
    revenue { product planId currency amountCents }
    prepaid {
      currency salesCents recognisedCents breakageCents refundedCents deferredOpeningCents deferredCents
      paidCreditsSold paidCreditsSpent paidCreditsExpired paidCreditsRevoked deferredCredits
      sales { product amountCents credits }
    }
  }
}`;

type Prepaid = Record<string, unknown>;

const thisMonth = () => {
  const now = new Date();
  return {
    from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
  };
};

const codeOf = async (client: HttpClient, giftId: string) =>
  ((await (await client.fetch('/api/gifts')).json()) as { id: string; code: string }[]).find(
    (gift) => gift.id === giftId,
  )!.code;

const gifts = (sales: number, credits: number) => [
  { product: 'PLAN', amountCents: 0, credits: 0 },
  { product: 'PACK', amountCents: 0, credits: 0 },
  { product: 'GIFT', amountCents: sales, credits },
];

describe('finance: gift money from payment to redemption, spend, expiry and void', () => {
  let app: TestApp;
  let finance: SignedInUser;
  let buyer: SignedInUser;
  let friend: SignedInUser;

  const prepaid = async () => {
    await app.settle();
    const report = await finance.client.graphql<{
      financeReport: { revenue: unknown[]; prepaid: Prepaid[] }[];
    }>(PREPAID, thisMonth());
    expect(report.errors).toBeUndefined();
    expect(report.data!.financeReport).toHaveLength(1);
    return report.data!.financeReport[0]!;
  };
  const paidLot = async (giftId: string) =>
    (
      await app.database.pool.query<{
        user_id: string;
        redeemer_id: string | null;
        reference: string;
        moved: number;
      }>('SELECT user_id, redeemer_id, reference, moved FROM paid_lots WHERE lot_id = $1', [
        giftPurchaseId(giftId),
      ])
    ).rows;

  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local' }, undefined, {
      provider: new ScriptedProvider(),
    });
    finance = await signedInUser(app);
    await app.services.accounts.users.setRoles(finance.userId, ['finance', 'support']);
    buyer = await signedInUser(app);
    friend = await signedInUser(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  let first: { giftId: string; paymentRef: string };

  it('a paid gift is revenue "gifts" at payment and deferred while unredeemed', async () => {
    first = await buyGift(buyer.client);
    const month = await prepaid();
    expect(month.revenue).toEqual([
      { product: 'GIFT', planId: 'pack_100', currency: 'usd', amountCents: 499 },
    ]);
    expect(month.prepaid).toEqual([
      expect.objectContaining({
        sales: gifts(499, 100),
        salesCents: 499,
        recognisedCents: 0,
        deferredCents: 499,
        paidCreditsSold: 100,
        deferredCredits: 100,
      }),
    ]);
    // Attributed to the buyer's payment, not yet used by anyone.
    expect(await paidLot(first.giftId)).toEqual([
      { user_id: buyer.userId, redeemer_id: null, reference: first.paymentRef, moved: 0 },
    ]);
  });

  it('redeemed, the lot moves to the redeemer with its money still deferred; spending part recognises it', async () => {
    const code = await codeOf(buyer.client, first.giftId);
    expect((await friend.client.json('/api/redeem-gift', { code })).status).toBe(200);
    let month = await prepaid();
    // No second sale: the redemption is the same money, now in the friend's account.
    expect(month.prepaid).toEqual([
      expect.objectContaining({ salesCents: 499, deferredCents: 499, deferredCredits: 100 }),
    ]);
    expect(await paidLot(first.giftId)).toEqual([
      { user_id: buyer.userId, redeemer_id: friend.userId, reference: first.paymentRef, moved: 0 },
    ]);

    // The gift's lot expires before the friend's signup credits: it pays for the generation.
    expect((await generate(friend.client)).status).toBe(200);
    month = await prepaid();
    expect(month.prepaid).toEqual([
      expect.objectContaining({
        // 5 of 100 credits for $4.99: floor(499 * 5 / 100) = 24 cents.
        recognisedCents: 24,
        deferredCents: 475,
        paidCreditsSpent: 5,
        deferredCredits: 95,
      }),
    ]);
  });

  it('what expires of a redeemed gift is breakage; a voided gift is refunded, never revenue', async () => {
    const stream = creditStreamId(friend.userId);
    const expired = await app.services.ledger.credits.handle(
      stream,
      {
        type: 'ExpireCredits',
        data: { userId: friend.userId, lotIds: [giftPurchaseId(first.giftId)] },
      },
      {
        now: new Date(),
        actor: { kind: 'system', id: 'test' },
        reason: 'Gift credits ended',
        correlationId: 'finance-gifts-test',
        idempotencyKey: `finance-gifts-expire-${first.giftId}`,
      },
    );
    await app.services.projections.waitFor(expired.position);

    const second = await buyGift(buyer.client);
    const voided = await finance.client.fetch(`/api/staff/gifts/${second.giftId}/void`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Buyer asked for a refund' }),
    });
    expect(voided.status).toBe(200);
    const third = await buyGift(buyer.client);

    const month = await prepaid();
    expect(month.revenue).toEqual([
      { product: 'GIFT', planId: 'pack_100', currency: 'usd', amountCents: 1497 },
    ]);
    expect(month.prepaid).toEqual([
      {
        currency: 'usd',
        sales: gifts(1497, 300),
        salesCents: 1497,
        recognisedCents: 24,
        // The 95 credits left of the first gift: $4.99 - 24 cents.
        breakageCents: 475,
        // The voided second gift's whole payment.
        refundedCents: 499,
        deferredOpeningCents: 0,
        // The third gift, unredeemed.
        deferredCents: 499,
        paidCreditsSold: 300,
        paidCreditsSpent: 5,
        paidCreditsExpired: 95,
        paidCreditsRevoked: 100,
        deferredCredits: 100,
      },
    ]);
    expect(await paidLot(third.giftId)).toEqual([
      { user_id: buyer.userId, redeemer_id: null, reference: third.paymentRef, moved: 0 },
    ]);

    const { from, to } = thisMonth();
    const csv = await finance.client.fetch(
      `/api/staff/finance-report.csv?from=${from}&to=${to}&granularity=month`,
    );
    expect(csv.status).toBe(200);
    const [header, ...lines] = (await csv.text()).trim().split('\n');
    expect(header!.split(',').slice(0, 16)).toEqual(FINANCE_CSV_COLUMNS.slice(0, 16));
    // Signup credits for the three users; 100 credits arrived by redemption; 5 spent, 95 expired.
    expect(lines).toEqual([
      `${from},usd,0,0,1497,1497,24,475,499,0,499,300,5,95,100,100,15,100,5,0,95,0,5,0`,
    ]);
  });

  it('reconciliation covers gift payments and their refunds, both ways', async () => {
    const reconciliation = async () => {
      const result = await finance.client.graphql<{
        financeReconciliation: { checkoutsChecked: number; issues: unknown[] };
      }>('{ financeReconciliation { checkoutsChecked issues { kind invoiceId purchases } } }');
      expect(result.errors).toBeUndefined();
      return result.data!.financeReconciliation;
    };
    expect(await reconciliation()).toEqual({ checkoutsChecked: 3, issues: [] });

    // A refund the ledger never heard of (its webhook lost), and a void whose refund never happened.
    const refundedElsewhere = await buyGift(buyer.client);
    await app.database.pool.query(
      'UPDATE local_checkout_sessions SET refunded_at = now() WHERE id = $1',
      [refundedElsewhere.paymentRef],
    );
    const voidedOnly = await buyGift(buyer.client);
    const handled = await app.services.ledger.gifts.handle(
      giftStreamId(voidedOnly.giftId),
      { type: 'VoidGift', data: { giftId: voidedOnly.giftId, cause: 'staff' } },
      {
        now: new Date(),
        actor: { kind: 'staff', id: finance.userId },
        reason: 'Voided; the refund failed',
        correlationId: 'finance-gifts-test',
        idempotencyKey: `gift-void:${voidedOnly.giftId}`,
      },
    );
    await app.services.projections.waitFor(handled.position);
    expect(await reconciliation()).toEqual({
      checkoutsChecked: 5,
      issues: expect.arrayContaining([
        { kind: 'REFUNDED_GIFT_NOT_VOIDED', invoiceId: refundedElsewhere.paymentRef, purchases: 1 },
        { kind: 'VOIDED_GIFT_NOT_REFUNDED', invoiceId: voidedOnly.paymentRef, purchases: 1 },
      ]),
    });
    expect((await reconciliation()).issues).toHaveLength(2);

    // The gift reconciler asks for the missing refund; the refunded payment's event voids the gift.
    await app.services.gifts.reconcile('finance-gifts-test');
    await app.services.gifts.paymentRefunded(refundedElsewhere.paymentRef, 'finance-gifts-test');
    await app.settle();
    expect(await reconciliation()).toEqual({ checkoutsChecked: 5, issues: [] });
  });

  it('a rebuild from the log gives the same figures, and the audit finds the read models equal to it', async () => {
    const before = await prepaid();
    const lotsBefore = await app.database.pool.query('SELECT * FROM paid_lots ORDER BY lot_id');
    await rebuildProjection(app.database.pool, app.services.ledger.store, paidCreditsProjection);
    expect(await prepaid()).toEqual(before);
    expect((await app.database.pool.query('SELECT * FROM paid_lots ORDER BY lot_id')).rows).toEqual(
      lotsBefore.rows,
    );
    const audit = await runLedgerAudit({
      pool: app.database.pool,
      store: app.services.ledger.store,
    });
    expect(audit.mismatches).toEqual([]);

    // The audit folds finance's figures from the log: a read model changed behind its back shows.
    const lotId = giftPurchaseId(first.giftId);
    await app.database.pool.query('UPDATE paid_lots SET moved = moved - 1 WHERE lot_id = $1', [
      lotId,
    ]);
    const tampered = await runLedgerAudit({
      pool: app.database.pool,
      store: app.services.ledger.store,
    });
    expect(tampered.mismatches).toEqual([
      { userId: buyer.userId, field: `paid lot ${lotId}.moved`, expected: '100', actual: '99' },
    ]);
  });
});
