import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditStreamId, subscriptionStreamId } from '@app/ledger';
import { planById } from '../billing/plans';
import { paidInvoiceObject } from '../billing/local/stripe-objects';
import {
  deliver,
  proSubscriptionFor,
  signedEvent,
  signedRefund,
} from '../billing/testing/stripe-events';
import { signedInUser } from '../testing/accounts';
import {
  auditAfterSettling,
  burst,
  graphqlPost,
  jsonPost,
  type RawRequest,
} from '../testing/burst';
import { fixturePhoto } from '../testing/fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';

// Every endpoint that moves credits or money, hit by 20 identical requests at once, each on its
// own connection: the effect is exactly that of one, and the answers are counted.

const SECRET = 'whsec_race_suite';
const N = 20;

describe('money endpoints under 20 identical concurrent requests', () => {
  let app: TestApp;
  let staff: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    // A decode queue long enough for a burst of 20 uploads (the default of 8 answers the rest 503
    // SERVER_BUSY, which is the upload limit's test, not this one's).
    app = await startTestApp({
      PAYMENTS: 'local',
      STRIPE_WEBHOOK_SECRET: SECRET,
      UPLOAD_DECODE_QUEUE: '32',
    });
    staff = await signedInUser(app);
    await app.services.accounts.users.setRoles(staff.userId, ['support']);
  });
  afterAll(async () => {
    await app?.close();
  });

  const eventTypes = async (stream: string) =>
    (await app.runtime.storage.store.readStream(stream)).map((e) => e.type);
  const count = (types: string[], type: string) => types.filter((t) => t === type).length;

  /** The first invoice of a new Pro subscription of the user, paid at `start`. */
  const proInvoiceOf = (userId: string, start: Date) =>
    paidInvoiceObject(proSubscriptionFor(userId, start), planById('pro')!, start);

  /** A subscribed user: checkout created and paid once through the local checkout. */
  async function paidCheckout() {
    const user = await signedInUser(app);
    const created = await user.client.json('/api/create-subscription', { planId: 'pro' });
    const { url } = (await created.json()) as { url: string };
    return { user, url };
  }

  it('pay: one local checkout session paid by 20 requests at once buys one plan; paying again adds nothing', async () => {
    const { user, url } = await paidCheckout();
    const pay = (): RawRequest => ({
      method: 'POST',
      path: `${url}/pay`,
      headers: user.client.cookieHeader(),
    });
    const { codes, responses } = await burst(app.url, N, pay);
    expect(codes).toEqual({ 303: N });
    expect(new Set(responses.map((r) => r.headers.location))).toEqual(
      new Set(['/profile?checkout=success']),
    );
    await burst(app.url, 1, pay);
    await burst(app.url, 1, pay);
    const types = await eventTypes(creditStreamId(user.userId));
    expect(count(types, 'CreditsPurchased')).toBe(1);
    const subscriptions = await app.database.pool.query(
      'SELECT count(*)::int AS n FROM local_subscriptions WHERE user_id = $1',
      [user.userId],
    );
    expect(subscriptions.rows[0].n).toBe(1);
    const invoices = await app.database.pool.query(
      'SELECT count(*)::int AS n FROM billing_invoices WHERE user_id = $1',
      [user.userId],
    );
    expect(invoices.rows[0].n).toBe(1);
  });

  it('checkout creation: 20 requests with one Idempotency-Key make one session and all answer it', async () => {
    const user = await signedInUser(app);
    const key = randomUUID();
    const { codes, responses } = await burst(app.url, N, () =>
      jsonPost(
        '/api/create-subscription',
        { planId: 'pro' },
        { ...user.client.cookieHeader(), 'idempotency-key': key },
      ),
    );
    expect(codes).toEqual({ 200: N });
    const ids = new Set(
      responses.map((r) => (JSON.parse(r.body) as { sessionId: string }).sessionId),
    );
    expect(ids.size).toBe(1);
    const sessions = await app.database.pool.query(
      'SELECT count(*)::int AS n FROM local_checkout_sessions WHERE user_id = $1',
      [user.userId],
    );
    expect(sessions.rows[0].n).toBe(1);
    // The same key for another plan is refused, and a new key makes a new session.
    const other = await user.client.fetch('/api/create-subscription', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ planId: 'ultra' }),
    });
    expect(other.status).toBe(409);
  });

  it('portal: 20 session requests with one key make one session; 20 cancels with one key change the plan once', async () => {
    const { user, url } = await paidCheckout();
    await user.client.fetch(`${url}/pay`, { method: 'POST' });
    const key = randomUUID();
    const { codes, responses } = await burst(app.url, N, () => ({
      method: 'POST',
      path: '/api/create-portal-session',
      headers: { ...user.client.cookieHeader(), 'idempotency-key': key },
    }));
    expect(codes).toEqual({ 200: N });
    const urls = new Set(responses.map((r) => (JSON.parse(r.body) as { url: string }).url));
    expect(urls.size).toBe(1);
    const portalUrl = [...urls][0]!;
    const before = count(
      await eventTypes(subscriptionStreamId(user.userId)),
      'SubscriptionUpdated',
    );
    const actionKey = randomUUID();
    const cancel = await burst(app.url, N, () => ({
      method: 'POST',
      path: `${portalUrl}/cancel`,
      headers: {
        ...user.client.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `idempotencyKey=${actionKey}`,
    }));
    expect(cancel.codes).toEqual({ 303: N });
    const after = count(await eventTypes(subscriptionStreamId(user.userId)), 'SubscriptionUpdated');
    expect(after - before).toBe(1);
  });

  it('staff grant: 20 identical grants with one key give +7 once', async () => {
    const customer = await signedInUser(app);
    const key = randomUUID();
    const { codes, responses } = await burst(app.url, N, () =>
      graphqlPost(
        'mutation ($input: GrantCreditsInput!) { staffGrantCredits(input: $input) { credits } }',
        {
          input: {
            userId: customer.userId,
            amount: 7,
            reason: 'Sorry for the wait',
            idempotencyKey: key,
          },
        },
        staff.client.cookieHeader(),
      ),
    );
    expect(codes).toEqual({ 200: N });
    const answers = responses.map(
      (r) =>
        JSON.parse(r.body) as {
          data?: { staffGrantCredits: { credits: number } };
          errors?: unknown;
        },
    );
    expect(answers.filter((a) => a.errors)).toEqual([]);
    expect(new Set(answers.map((a) => a.data!.staffGrantCredits.credits))).toEqual(new Set([12]));
    const types = await eventTypes(creditStreamId(customer.userId));
    expect(types).toEqual(['CreditsGranted', 'CreditsGranted']);
  });

  it('staff refund: 20 identical refunds with one key give the 5 credits back once', async () => {
    const customer = await signedInUser(app, 10);
    const photo = await fs.readFile(fixturePhoto('chelsea.png'));
    const form = new FormData();
    form.set('style', 'ghibli');
    form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'cat.png');
    const generated = await customer.client.fetch('/api/generate-image', {
      method: 'POST',
      body: form,
    });
    expect(generated.status).toBe(200);
    const generationId = ((await generated.json()) as { url: string }).url.split('/')[3]!;
    const key = randomUUID();
    const { codes, responses } = await burst(app.url, N, () =>
      graphqlPost(
        'mutation ($input: RefundGenerationInput!) { staffRefundGeneration(input: $input) { credits } }',
        { input: { generationId, reason: 'Result unusable', idempotencyKey: key } },
        staff.client.cookieHeader(),
      ),
    );
    expect(codes).toEqual({ 200: N });
    expect(responses.filter((r) => r.body.includes('"errors"'))).toEqual([]);
    expect(count(await eventTypes(creditStreamId(customer.userId)), 'CreditsRefunded')).toBe(1);
  });

  it('generation: 20 identical uploads with one Idempotency-Key hold and spend 5 credits once', async () => {
    const customer = await signedInUser(app, 10);
    const photo = await fs.readFile(fixturePhoto('astronaut.png'));
    const boundary = `----race${randomUUID()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="style"\r\n\r\npixar\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const key = randomUUID();
    const { codes, responses } = await burst(app.url, N, () => ({
      method: 'POST',
      path: '/api/generate-image',
      headers: {
        ...customer.client.cookieHeader(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'idempotency-key': key,
      },
      body,
    }));
    const okUrls = new Set(
      responses
        .filter((r) => r.status === 200)
        .map((r) => (JSON.parse(r.body) as { url: string }).url),
    );
    // Every answer is the one generation (or, while it still runs, a clear "in progress").
    expect(okUrls.size).toBe(1);
    expect(Object.keys(codes).every((code) => code === '200' || code === '409')).toBe(true);
    await app.settle();
    const types = await eventTypes(creditStreamId(customer.userId));
    expect(count(types, 'CreditsReserved')).toBe(1);
    expect(count(types, 'CreditsSpent')).toBe(1);
  });

  it('webhook: 20 deliveries of one invoice.paid at once: one processed, the rest duplicate; one purchase', async () => {
    const customer = await signedInUser(app);
    const invoice = proInvoiceOf(customer.userId, new Date());
    const delivery = signedEvent('invoice.paid', invoice, SECRET);
    const { codes, responses } = await burst(app.url, N, () => ({
      method: 'POST',
      path: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      body: delivery.payload,
    }));
    const outcomes: Record<string, number> = {};
    for (const r of responses) {
      const outcome = (JSON.parse(r.body) as { outcome: string }).outcome;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    expect(outcomes).toEqual({ processed: 1, duplicate: N - 1 });
    expect(codes).toEqual({ 200: N });
    expect(count(await eventTypes(creditStreamId(customer.userId)), 'CreditsPurchased')).toBe(1);
  });

  it('webhook: a refund delivered while the invoice it refunds is being recorded, 10 at once: each purchase taken back once, nothing left pending', async () => {
    const customers = await Promise.all(Array.from({ length: N / 2 }, () => signedInUser(app)));
    const start = new Date();
    const pairs = customers.map((customer) => {
      const invoice = proInvoiceOf(customer.userId, start) as unknown as {
        payments: { data: { payment: { payment_intent: string } }[] };
      };
      const paymentIntent = invoice.payments.data[0]!.payment.payment_intent;
      return [
        signedEvent('invoice.paid', invoice, SECRET),
        signedRefund(paymentIntent, SECRET),
      ] as const;
    });
    // Each refund a little later than the one before (0 to 54 ms after its invoice), so that some
    // arrive while their invoice is being recorded, whatever this machine's speed.
    const answers = await Promise.all(
      pairs.flat().map(async (delivery, index) => {
        if (index % 2 === 1) await new Promise((resolve) => setTimeout(resolve, (index >> 1) * 6));
        const response = await deliver(app.url, delivery);
        return {
          status: response.status,
          outcome: ((await response.json()) as { outcome: string }).outcome,
        };
      }),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    for (const customer of customers) {
      const types = await eventTypes(creditStreamId(customer.userId));
      expect(count(types, 'CreditsPurchased')).toBe(1);
      expect(count(types, 'CreditsRevoked')).toBe(1);
    }
    const pending = await app.database.pool.query(
      'SELECT * FROM pending_refunds WHERE payment_intent_id = ANY($1::text[])',
      [
        pairs.map(
          ([, refund]) =>
            (JSON.parse(refund.payload) as { data: { object: { payment_intent: string } } }).data
              .object.payment_intent,
        ),
      ],
    );
    expect(pending.rows).toEqual([]);
  });

  it('the audit finds nothing after every burst', async () => {
    const audit = await auditAfterSettling(app);
    expect(audit.mismatches).toEqual([]);
    expect(audit.accountsChecked).toBeGreaterThanOrEqual(8);
  });
});
