import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId } from '@app/ledger';
import type { Role } from '../accounts/users-repository';
import { signedInUser } from '../testing/accounts';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { paidInvoiceObject, localId } from '../billing/local/stripe-objects';
import { planById } from '../billing/plans';
import { deliver, signedEvent } from '../billing/testing/stripe-events';
import { fixturePhoto } from '../testing/fixtures';

const SECRET = 'whsec_staff_tests';

async function staffMember(app: TestApp, roles: Role[]) {
  const member = await signedInUser(app);
  await app.services.accounts.users.setRoles(member.userId, roles);
  return member;
}

describe('staff tools', () => {
  let app: TestApp;
  let customer: Awaited<ReturnType<typeof signedInUser>>;
  let clients: Record<'anonymous' | 'user' | 'support' | 'finance' | 'admin', HttpClient>;
  let generationId: string;

  beforeAll(async () => {
    app = await startTestApp({ PAYMENTS: 'local', STRIPE_WEBHOOK_SECRET: SECRET });
    customer = await signedInUser(app, 10);
    const form = new FormData();
    form.set(
      'profileImage',
      new Blob(
        [
          new Uint8Array(
            await (await import('node:fs/promises')).readFile(fixturePhoto('chelsea.png')),
          ),
        ],
        { type: 'image/png' },
      ),
      'cat.png',
    );
    const generated = await customer.client.fetch('/api/generate-image', {
      method: 'POST',
      body: form,
    });
    generationId = (await generated.json()).url.split('/')[3];
    clients = {
      anonymous: new HttpClient(app.url),
      user: (await signedInUser(app)).client,
      support: (await staffMember(app, ['support'])).client,
      finance: (await staffMember(app, ['finance'])).client,
      admin: (await staffMember(app, ['admin'])).client,
    };
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('authorization matrix: every role against every staff operation', () => {
    const operations: [
      string,
      string,
      Record<string, unknown>,
      ('support' | 'finance' | 'admin')[],
    ][] = [
      [
        'staffFindUsers',
        'query ($q: String!) { staffFindUsers(query: $q) { id } }',
        { q: 'example.com' },
        ['support', 'finance', 'admin'],
      ],
      [
        'staffUser',
        'query ($id: ID!) { staffUser(id: $id) { id credits } }',
        {},
        ['support', 'finance', 'admin'],
      ],
      [
        'staffLedger (one user)',
        'query ($f: LedgerFilterInput) { staffLedger(filter: $f) { entries { type } } }',
        {},
        ['support', 'finance', 'admin'],
      ],
      [
        'staffLedger (everyone)',
        'query { staffLedger { entries { type } } }',
        {},
        ['finance', 'admin'],
      ],
      [
        'staffUserGenerations',
        'query ($id: ID!) { staffUserGenerations(userId: $id) { generations { refundedCredits generation { id } } } }',
        {},
        ['support', 'finance', 'admin'],
      ],
      [
        'staffContactMessages',
        'query { staffContactMessages { messages { id } } }',
        {},
        ['support', 'admin'],
      ],
      [
        'financeReport',
        'query ($from: DateTime!, $to: DateTime!) { financeReport(granularity: DAY, from: $from, to: $to) { period } }',
        { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' },
        ['finance', 'admin'],
      ],
      [
        'financeReconciliation',
        'query { financeReconciliation { invoicesChecked } }',
        {},
        ['finance', 'admin'],
      ],
      ['projectionStatuses', 'query { projectionStatuses { name } }', {}, ['admin']],
      ['staffEvents', 'query { staffEvents(first: 5) { events { type } } }', {}, ['admin']],
      [
        'staffGrantCredits',
        'mutation ($id: ID!) { staffGrantCredits(input: { userId: $id, amount: 1, reason: "matrix test" }) { credits } }',
        {},
        ['support', 'admin'],
      ],
      [
        'staffMarkContactHandled',
        'mutation { staffMarkContactHandled(id: "00000000-0000-4000-8000-000000000000", handled: true) { id } }',
        {},
        ['support', 'admin'],
      ],
      ['rebuildProjection', 'mutation { rebuildProjection(name: "nope") }', {}, ['admin']],
    ];
    const roles = ['anonymous', 'user', 'support', 'finance', 'admin'] as const;
    const expectedWhenAllowed: Record<string, string> = {
      staffMarkContactHandled: 'NOT_FOUND',
      rebuildProjection: 'BAD_USER_INPUT',
    };
    it.each(
      operations.flatMap(([name, query, variables, allowed]) =>
        roles.map(
          (role) => [name, role, query, variables, allowed.includes(role as never)] as const,
        ),
      ),
    )('%s as %s', async (_name, role, query, variables, allowed) => {
      const result = await clients[role].graphql(query, {
        id: customer.userId,
        f: { userId: customer.userId },
        ...variables,
      });
      const code = result.errors?.[0]?.extensions?.code;
      // Allowed means it ran: no error at all, except the business answers these probes provoke.
      if (allowed) expect(code ?? 'none').toBe(expectedWhenAllowed[_name] ?? 'none');
      else expect(code).toBe(role === 'anonymous' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
    });

    it('the CSV export follows the same rules', async () => {
      const path = `/api/staff/ledger.csv?userId=${customer.userId}`;
      expect((await clients.anonymous.fetch(path)).status).toBe(401);
      expect((await clients.user.fetch(path)).status).toBe(403);
      expect((await clients.support.fetch(path)).status).toBe(200);
      expect((await clients.support.fetch('/api/staff/ledger.csv')).status).toBe(403);
      expect((await clients.finance.fetch('/api/staff/ledger.csv')).status).toBe(200);
      expect((await clients.support.fetch('/api/staff/ledger.csv?userId=not-a-uuid')).status).toBe(
        400,
      );
    });

    it('an id that is not a UUID is a clear 400, not a server error', async () => {
      const result = await clients.support.graphql(
        'mutation { staffMarkContactHandled(id: "not-a-uuid", handled: true) { id } }',
      );
      expect(result.errors?.[0]).toMatchObject({
        message: 'One of the ids or cursors given is not valid',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });
  });

  it('a grant and a refund by support land in the balance and history with the staff actor and reason', async () => {
    const support = await staffMember(app, ['support']);
    const grant = await support.client.graphql<{ staffGrantCredits: { credits: number } }>(
      'mutation ($id: ID!) { staffGrantCredits(input: { userId: $id, amount: 10, reason: "Sorry about the outage" }) { credits } }',
      { id: customer.userId },
    );
    expect(grant.errors).toBeUndefined();
    const before = grant.data!.staffGrantCredits.credits;
    const refund = await support.client.graphql<{ staffRefundGeneration: { credits: number } }>(
      'mutation ($g: ID!) { staffRefundGeneration(input: { generationId: $g, reason: "Result was blurry" }) { credits } }',
      { g: generationId },
    );
    expect(refund.errors).toBeUndefined();
    expect(refund.data!.staffRefundGeneration.credits).toBe(before + 5);
    const again = await support.client.graphql(
      'mutation ($g: ID!) { staffRefundGeneration(input: { generationId: $g, reason: "twice" }) { credits } }',
      { g: generationId },
    );
    expect(again.errors?.[0]?.message).toBe('At most 0 credits of this spend can be refunded');

    const history = await support.client.graphql<{
      staffLedger: {
        entries: {
          type: string;
          delta: number;
          actorKind: string;
          actorId: string;
          reason: string;
        }[];
      };
    }>(
      'query ($f: LedgerFilterInput) { staffLedger(filter: $f, first: 2) { entries { type delta actorKind actorId reason } } }',
      { f: { userId: customer.userId } },
    );
    expect(history.data!.staffLedger.entries).toEqual([
      {
        type: 'CreditsRefunded',
        delta: 5,
        actorKind: 'staff',
        actorId: support.userId,
        reason: 'Result was blurry',
      },
      {
        type: 'CreditsGranted',
        delta: 10,
        actorKind: 'staff',
        actorId: support.userId,
        reason: 'Sorry about the outage',
      },
    ]);
    const mine = await customer.client.graphql<{ me: { credits: number } }>('{ me { credits } }');
    expect(mine.data!.me.credits).toBe(before + 5);

    const bad = await support.client.graphql(
      'mutation ($id: ID!) { staffGrantCredits(input: { userId: $id, amount: 10, reason: " " }) { credits } }',
      { id: customer.userId },
    );
    expect(bad.errors?.[0]?.message).toBe('A reason is required (at least 3 characters)');

    const self = await support.client.graphql(
      'mutation ($id: ID!) { staffGrantCredits(input: { userId: $id, amount: 10, reason: "for me" }) { credits } }',
      { id: support.userId },
    );
    expect(self.errors?.[0]).toMatchObject({
      message: 'Staff cannot give credits to their own account. Ask another member of staff.',
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('reconciliation finds a paid invoice without a purchase, and a duplicate purchase', async () => {
    const buyer = await signedInUser(app);
    const subscription = {
      id: localId('sub'),
      userId: buyer.userId,
      customerId: localId('cus'),
      planId: 'pro',
      status: 'active',
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      cancelAtPeriodEnd: false,
    };
    const invoice = paidInvoiceObject(subscription, planById('pro')!, new Date());
    expect((await deliver(app.url, signedEvent('invoice.paid', invoice, SECRET))).status).toBe(200);
    // Planted: a second purchase for the same invoice, written past the webhook's idempotency.
    await app.services.ledger.credits.handle(
      creditStreamId(buyer.userId),
      {
        type: 'PurchaseCredits',
        data: {
          userId: buyer.userId,
          purchaseId: `planted-${randomUUID()}`,
          amount: 300,
          planId: 'pro',
          invoiceId: invoice.id!,
          amountPaidCents: 900,
          currency: 'usd',
          periodStart: new Date(),
          periodEnd: new Date(Date.now() + 86_400_000),
          expiresAt: null,
        },
      },
      {
        now: new Date(),
        actor: { kind: 'system', id: 'planted' },
        reason: 'planted duplicate',
        correlationId: 'planted',
        idempotencyKey: `planted:${randomUUID()}`,
      },
    );
    // Planted: a paid invoice the ledger never heard of.
    await app.database.pool.query(
      `INSERT INTO billing_invoices (invoice_id, user_id, plan_id, amount_paid, currency, period_start, period_end, paid_at)
       VALUES ('in_missing_purchase', $1, 'pro', 900, 'usd', now(), now() + interval '30 days', now())`,
      [buyer.userId],
    );
    await app.runtime.runner!.runUntilCaughtUp();
    const result = await clients.finance.graphql<{
      financeReconciliation: {
        invoicesChecked: number;
        issues: { kind: string; invoiceId: string; purchases: number }[];
      };
    }>('query { financeReconciliation { invoicesChecked issues { kind invoiceId purchases } } }');
    const issues = result.data!.financeReconciliation.issues;
    expect(issues).toContainEqual({
      kind: 'PAID_INVOICE_WITHOUT_PURCHASE',
      invoiceId: 'in_missing_purchase',
      purchases: 0,
    });
    expect(issues).toContainEqual({
      kind: 'DUPLICATE_PURCHASE',
      invoiceId: invoice.id,
      purchases: 2,
    });
    expect(issues).toHaveLength(2);
  });

  it('the finance report counts movements per day, paid against free, and revenue per plan', async () => {
    const today = new Date();
    const from = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()),
    );
    const result = await clients.finance.graphql<{
      financeReport: {
        granted: number;
        purchased: number;
        spent: number;
        paidConsumed: number;
        freeConsumed: number;
        revenue: { planId: string; amountCents: number }[];
      }[];
    }>(
      'query ($from: DateTime!, $to: DateTime!) { financeReport(granularity: DAY, from: $from, to: $to) { granted purchased spent paidConsumed freeConsumed revenue { planId amountCents } } }',
      { from: from.toISOString(), to: new Date(from.getTime() + 86_400_000).toISOString() },
    );
    const [day] = result.data!.financeReport;
    expect(day!.spent).toBeGreaterThanOrEqual(5);
    expect(day!.paidConsumed + day!.freeConsumed).toBe(day!.spent);
    expect(day!.purchased).toBeGreaterThanOrEqual(600);
    expect(day!.revenue).toContainEqual({ planId: 'pro', amountCents: 1800 });
  });
});
