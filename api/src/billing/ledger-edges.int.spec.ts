import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId, subscriptionStreamId } from '@app/ledger';
import type { Role } from '../accounts/users-repository';
import { buyPlan, generate, portalAction, viewAccount } from '../testing/account-probe';
import { signedInUser } from '../testing/accounts';
import type { HttpClient } from '../testing/http-client';
import { ScriptedProvider } from '../testing/scripted-provider';
import { startTestApp, type TestApp } from '../testing/test-app';
import { deliver, signedRefund } from './testing/stripe-events';

// Issue 18: the ledger's edges, over real HTTP against real Postgres, with the numbers.

const SECRET = 'whsec_ledger_edges';
const OPERATOR_TOKEN = 'operator-token-ledger-edges';

describe('ledger edges (issue 18)', () => {
  let app: TestApp;
  const provider = new ScriptedProvider();

  beforeAll(async () => {
    app = await startTestApp(
      {
        PAYMENTS: 'local',
        STRIPE_WEBHOOK_SECRET: SECRET,
        OPERATOR_TOKEN,
      },
      undefined,
      { provider },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const events = async (stream: string) =>
    (await app.runtime.storage.store.readStream(stream)).map((e) => ({
      type: e.type,
      data: e.data as Record<string, unknown>,
    }));
  const emailOf = async (userId: string) =>
    (await app.services.accounts.users.findById(userId))!.email;
  const advance = (email: string) =>
    fetch(`${app.url}/internal/operator/admin/advance-subscription`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
  const proUser = async () => {
    const user = await signedInUser(app);
    const bought = await buyPlan(user.client, 'pro');
    expect(bought).toMatchObject({ status: 303, location: '/profile?checkout=success' });
    return user;
  };
  /** Starts a generation the image service holds open; resolves once its 5 credits are held. */
  // (Wrapped in an object: an async function returning the bare promise would wait for it.)
  const heldGeneration = async (client: HttpClient) => {
    provider.outcomeFor = () => 'gate';
    const before = provider.waiting;
    const running = generate(client);
    for (let waited = 0; provider.waiting === before; waited += 20) {
      if (waited > 15_000) throw new Error('the generation never reached the image service');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { running };
  };

  it('1. a full refund during an open hold: the released 5 are revoked with their lot: 5, not 10', async () => {
    const { client, userId } = await proUser();
    expect(await viewAccount(client)).toMatchObject({ rest: 305, graphql: 305, history: 305 });
    const { running } = await heldGeneration(client);
    const invoice = await app.database.pool.query<{ payment_intent_id: string }>(
      'SELECT payment_intent_id FROM billing_invoices WHERE user_id = $1',
      [userId],
    );
    const refund = signedRefund(invoice.rows[0]!.payment_intent_id, SECRET, 900);
    const refunded = await deliver(app.url, refund);
    expect(await refunded.json()).toEqual({ received: true, outcome: 'processed' });
    await app.settleUser(userId);
    expect(await viewAccount(client)).toMatchObject({ graphql: 5, held: 5 });

    provider.open('fail');
    expect((await running).status).toBe(502);
    await app.settleUser(userId);
    expect(await viewAccount(client)).toMatchObject({ rest: 5, graphql: 5, history: 5, held: 0 });
    const revoked = (await events(creditStreamId(userId))).filter(
      (e) => e.type === 'CreditsRevoked',
    );
    expect(revoked.map((e) => [e.data.amount, e.data.reservationId ?? null])).toEqual([
      [295, null],
      [5, expect.any(String)],
    ]);
  });

  it('2. a renewal during an open hold: the old period expires with the held 5 once released: 305, not 310', async () => {
    const { client, userId } = await proUser();
    const { running } = await heldGeneration(client);
    const renewed = await advance(await emailOf(userId));
    expect(await renewed.json()).toMatchObject({ outcome: 'renewed' });
    await app.settleUser(userId);
    expect(await viewAccount(client)).toMatchObject({ graphql: 305, held: 5 });

    provider.open('fail');
    expect((await running).status).toBe(502);
    await app.settleUser(userId);
    expect(await viewAccount(client)).toMatchObject({
      rest: 305,
      graphql: 305,
      history: 305,
      held: 0,
    });
    const expired = (await events(creditStreamId(userId))).filter(
      (e) => e.type === 'CreditsExpired',
    );
    expect(expired.map((e) => [e.data.amount, e.data.reservationId ?? null])).toEqual([
      [295, null],
      [5, expect.any(String)],
    ]);
  });

  it('3. ten concurrent advance-subscription calls never renew one period twice: 305, one invoice per period', async () => {
    const { client, userId } = await proUser();
    const email = await emailOf(userId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => advance(email).then(async (r) => (await r.json()).outcome)),
    );
    const renewed = answers.filter((outcome) => outcome === 'renewed').length;
    expect(renewed).toBeGreaterThanOrEqual(1);
    // Keyed by subscription and period: a caller that read a period someone renewed meanwhile is
    // told so; one that arrived after a renewal committed renews the next period (as in sequence).
    expect(renewed + answers.filter((outcome) => outcome === 'already renewed').length).toBe(10);
    await app.settleUser(userId);
    expect(await viewAccount(client)).toMatchObject({ rest: 305, graphql: 305, history: 305 });
    const invoices = await app.database.pool.query<{ period_start: Date }>(
      'SELECT period_start FROM billing_invoices WHERE user_id = $1',
      [userId],
    );
    expect(invoices.rowCount).toBe(1 + renewed);
    expect(new Set(invoices.rows.map((row) => row.period_start.getTime())).size).toBe(1 + renewed);
    const credits = await events(creditStreamId(userId));
    expect(credits.filter((e) => e.type === 'CreditsPurchased')).toHaveLength(1 + renewed);
    expect(credits.filter((e) => e.type === 'CreditsExpired')).toHaveLength(renewed);
  });

  it('4. a grant to a user who does not exist is refused as not found, and nothing is appended', async () => {
    const support = await signedInUser(app);
    await app.services.accounts.users.setRoles(support.userId, ['support'] as Role[]);
    const nobody = randomUUID();
    const grant = await support.client.graphql(
      'mutation ($id: ID!) { staffGrantCredits(input: { userId: $id, amount: 500, reason: "Goodwill for nobody" }) { credits } }',
      { id: nobody },
    );
    expect(grant.errors?.[0]).toMatchObject({
      message: 'There is no user with this id',
      extensions: { code: 'NOT_FOUND' },
    });
    const rest = await support.client.json(`/api/staff/users/${nobody}/credits`, {
      amount: 500,
      reason: 'Goodwill for nobody',
    });
    expect(rest.status).toBe(404);
    expect((await rest.json()).message).toBe('There is no user with this id');
    expect(await events(creditStreamId(nobody))).toEqual([]);

    // A real user gets it over REST too; a reason over 500 characters says the limit.
    const customer = await signedInUser(app);
    const granted = await support.client.json(`/api/staff/users/${customer.userId}/credits`, {
      amount: 7,
      reason: 'Sorry about the outage',
    });
    expect(granted.status).toBe(201);
    expect((await viewAccount(customer.client)).graphql).toBe(12);
    const long = await support.client.graphql(
      'mutation ($id: ID!, $reason: String!) { staffGrantCredits(input: { userId: $id, amount: 5, reason: $reason }) { credits } }',
      { id: customer.userId, reason: 'x'.repeat(501) },
    );
    expect(long.errors?.[0]?.message).toBe('A reason can be at most 500 characters');
  });

  it('5. no second plan on top: 409 to Manage Subscription; the portal upgrades (1505, not 1805 at renewal), downgrades at period end, resumes', async () => {
    const { client, userId } = await proUser();
    const email = await emailOf(userId);
    const stale = (await (
      await client.json('/api/create-subscription', { planId: 'ultra' }).then(async (r) => {
        expect(r.status).toBe(409);
        return r;
      })
    ).json()) as { message: string };
    expect(stale.message).toBe(
      'You already have the Pro Plan. To switch plans, use Manage Subscription on your profile.',
    );
    const gql = await client.graphql(
      'mutation { createSubscriptionCheckout(planId: "ultra") { url } }',
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('ALREADY_SUBSCRIBED');
    const subscriptionEvents = async () => (await events(subscriptionStreamId(userId))).length;

    // Up to Ultra at once: the prorated difference is charged, 1500 replace what is left of Pro's 300.
    let before = await subscriptionEvents();
    expect(await portalAction(client, 'switch', 'ultra')).toBe(303);
    expect(await viewAccount(client)).toMatchObject({
      rest: 1505,
      graphql: 1505,
      history: 1505,
      plan: 'Ultra Plan',
    });
    expect(await subscriptionEvents()).toBeGreaterThan(before);
    const credits = await events(creditStreamId(userId));
    expect(credits.filter((e) => e.type === 'CreditsExpired').map((e) => e.data.amount)).toEqual([
      300,
    ]);
    const upgrade = credits.filter((e) => e.type === 'CreditsPurchased').at(-1)!;
    expect(upgrade.data).toMatchObject({ amount: 1500, planId: 'ultra' });
    expect(upgrade.data.amountPaidCents).toBeGreaterThan(900);
    expect(upgrade.data.amountPaidCents).toBeLessThanOrEqual(1000);

    // Renewal on Ultra: 1505, the Pro lot does not roll over.
    expect(await (await advance(email)).json()).toMatchObject({ outcome: 'renewed' });
    await app.settleUser(userId);
    expect(await viewAccount(client)).toMatchObject({ graphql: 1505, plan: 'Ultra Plan' });

    // Down to Pro at the period's end: scheduled (an event), then the renewal bills Pro.
    before = await subscriptionEvents();
    expect(await portalAction(client, 'switch', 'pro')).toBe(303);
    expect(await viewAccount(client)).toMatchObject({ graphql: 1505, plan: 'Ultra Plan' });
    const scheduled = (await events(subscriptionStreamId(userId))).slice(before);
    expect(scheduled.map((e) => [e.type, e.data.scheduledPlanId])).toEqual([
      ['SubscriptionUpdated', 'pro'],
    ]);
    expect(await (await advance(email)).json()).toMatchObject({ outcome: 'renewed' });
    await app.settleUser(userId);
    expect(await viewAccount(client)).toMatchObject({ graphql: 305, plan: 'Pro Plan' });

    // Set to cancel: re-subscribing is refused (no second charge), resuming works.
    expect(await portalAction(client, 'cancel')).toBe(303);
    expect((await viewAccount(client)).cancelAtPeriodEnd).toBe(true);
    const again = await client.json('/api/create-subscription', { planId: 'pro' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(
      /^Your Pro Plan is set to end on .+\. To keep it or switch plans, use Manage Subscription on your profile\.$/,
    );
    before = await subscriptionEvents();
    expect(await portalAction(client, 'resume')).toBe(303);
    expect(await viewAccount(client)).toMatchObject({ cancelAtPeriodEnd: false, graphql: 305 });
    expect(await subscriptionEvents()).toBe(before + 1);
    // A repeated resume changes nothing and writes nothing.
    expect(await portalAction(client, 'resume')).toBe(303);
    expect(await subscriptionEvents()).toBe(before + 1);

    const live = await app.database.pool.query(
      "SELECT plan_id FROM local_subscriptions WHERE user_id = $1 AND status <> 'canceled'",
      [userId],
    );
    expect(live.rows).toEqual([{ plan_id: 'pro' }]);
  });

  it('5. a checkout opened before the first plan was bought cannot buy a second one', async () => {
    const { client, userId } = await signedInUser(app);
    const first = (await (await client.json('/api/create-subscription', { planId: 'pro' })).json())
      .url as string;
    const second = (
      await (await client.json('/api/create-subscription', { planId: 'ultra' })).json()
    ).url as string;
    expect((await client.fetch(`${first}/pay`, { method: 'POST' })).status).toBe(303);
    const refused = await client.fetch(`${second}/pay`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('use Manage Subscription on your profile');
    await app.settleUser(userId);
    expect(await viewAccount(client)).toMatchObject({ graphql: 305, plan: 'Pro Plan' });
    const purchases = (await events(creditStreamId(userId))).filter(
      (e) => e.type === 'CreditsPurchased',
    );
    expect(purchases).toHaveLength(1);
  });

  it('a full refund of the period being served ends the plan once: Free at once, no renewal, 10 concurrent deliveries', async () => {
    const { client, userId } = await proUser();
    const invoice = await app.database.pool.query<{ payment_intent_id: string }>(
      'SELECT payment_intent_id FROM billing_invoices WHERE user_id = $1',
      [userId],
    );
    const refund = signedRefund(invoice.rows[0]!.payment_intent_id, SECRET, 900);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, async () => (await deliver(app.url, refund)).status),
    );
    expect(outcomes.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    await app.settleUser(userId);
    expect(await viewAccount(client)).toMatchObject({ rest: 5, graphql: 5, plan: 'Free' });
    const subscription = (await events(subscriptionStreamId(userId))).map((e) => e.type);
    expect(subscription.filter((type) => type === 'SubscriptionCanceled')).toHaveLength(1);
    // The operator's clock moves on a month: a plan that ended does not renew.
    expect((await advance(await emailOf(userId))).status).toBeLessThan(500);
    await app.settleUser(userId);
    const purchases = (await events(creditStreamId(userId))).filter(
      (e) => e.type === 'CreditsPurchased',
    );
    expect(purchases).toHaveLength(1);
    expect(await viewAccount(client)).toMatchObject({ graphql: 5, plan: 'Free' });
  });

  it('7. right after the pay redirect and each portal action, `me` already shows the change', async () => {
    for (let round = 0; round < 5; round++) {
      const { client } = await proUser();
      // No settle(): the redirect came back only once the read models had the events.
      expect(await viewAccount(client)).toMatchObject({ graphql: 305, plan: 'Pro Plan' });
      expect(await portalAction(client, 'cancel')).toBe(303);
      expect((await viewAccount(client)).cancelAtPeriodEnd).toBe(true);
      expect(await portalAction(client, 'resume')).toBe(303);
      expect((await viewAccount(client)).cancelAtPeriodEnd).toBe(false);
    }
  });
});

describe('words for users (issue 18, 8)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The real local engine, slowed past the generation timeout.
    app = await startTestApp({ GENERATION_TIMEOUT_SECONDS: '1', LOCAL_PROVIDER_DELAY_MS: '8000' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a generation that takes too long says so in words, and its credits were not used', async () => {
    const { client } = await signedInUser(app);
    const answer = await generate(client);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(
      'The image took too long to make, so we stopped. Your credits were not used. Please try again.',
    );
    const generations = await client.graphql<{
      myGenerations: { generations: { status: string; errorMessage: string }[] };
    }>('{ myGenerations { generations { status errorMessage } } }');
    expect(generations.data?.myGenerations.generations[0]).toMatchObject({
      status: 'FAILED',
      errorMessage: expect.stringMatching(/^The image took too long/),
    });
    const code = await app.database.pool.query<{ error_code: string }>(
      'SELECT error_code FROM generation_requests ORDER BY created_at DESC LIMIT 1',
    );
    expect(code.rows[0]!.error_code).toBe('PROVIDER_TIMEOUT');
    expect(await viewAccount(client)).toMatchObject({ rest: 5, graphql: 5, history: 5 });
  });
});
