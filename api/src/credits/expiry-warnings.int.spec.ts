import { randomUUID } from 'node:crypto';
import { creditStreamId } from '@app/ledger';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler, type Job } from '../jobs/scheduler';
import { OutboxMailer } from '../mail/outbox-mailer';
import { signedInUser } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';
import { ExpiryWarnings } from './expiry-warnings';

const DAY = 86_400_000;

/** Its own connections to the test's database, as another replica has (PGlite: the one pool). */
function otherPool(app: TestApp): pg.Pool {
  const server = process.env.DATABASE_URL;
  if (!server) return app.database.pool;
  const url = new URL(server);
  url.pathname = `/${app.database.name}`;
  return new pg.Pool({ connectionString: url.toString(), max: 4 });
}

describe('warnings before credits expire (plan, pack, free)', () => {
  let app: TestApp;
  /** A second connection pool: what another API replica has. */
  let replicaPool: pg.Pool;

  beforeAll(async () => {
    app = await startTestApp();
    replicaPool = otherPool(app);
  });
  afterAll(async () => {
    if (replicaPool && replicaPool !== app.database.pool) await replicaPool.end();
    await app?.close();
  });

  const meta = (key: string) => ({
    now: new Date(),
    actor: { kind: 'system' as const, id: 'test' },
    reason: 'test setup',
    correlationId: key,
    idempotencyKey: key,
  });

  async function purchase(
    userId: string,
    amount: number,
    expiresInMs: number,
    product: 'plan' | 'pack' = 'plan',
  ) {
    const purchaseId = `purchase-${randomUUID()}`;
    await app.services.ledger.credits.handle(
      creditStreamId(userId),
      {
        type: 'PurchaseCredits',
        data: {
          userId,
          purchaseId,
          amount,
          planId: product === 'plan' ? 'pro' : 'pack-100',
          invoiceId: `in_${randomUUID()}`,
          amountPaidCents: 900,
          currency: 'usd',
          periodStart: new Date(Date.now() - DAY),
          periodEnd: new Date(Date.now() + expiresInMs),
          expiresAt: new Date(Date.now() + expiresInMs),
          ...(product === 'pack' ? { product: 'pack' as const } : {}),
        },
      },
      meta(purchaseId),
    );
    return purchaseId;
  }

  async function grant(userId: string, amount: number, expiresInMs: number) {
    const grantId = `grant-${randomUUID()}`;
    await app.services.ledger.credits.handle(
      creditStreamId(userId),
      {
        type: 'GrantCredits',
        data: {
          userId,
          grantId,
          amount,
          source: 'goodwill',
          expiresAt: new Date(Date.now() + expiresInMs),
        },
      },
      meta(grantId),
    );
  }

  async function spend(userId: string, amount: number) {
    const reservationId = randomUUID();
    const stream = creditStreamId(userId);
    await app.services.ledger.credits.handle(
      stream,
      {
        type: 'HoldCredits',
        data: {
          userId,
          reservationId,
          generationId: reservationId,
          amount,
          deadline: new Date(Date.now() + 60_000),
        },
      },
      meta(`hold-${reservationId}`),
    );
    await app.services.ledger.credits.handle(
      stream,
      { type: 'CaptureHold', data: { userId, reservationId } },
      meta(`capture-${reservationId}`),
    );
  }

  const expiryMails = async () =>
    (
      await app.database.pool.query<{ user_id: string; subject: string; text_body: string }>(
        `SELECT user_id, subject, text_body FROM outbox_mail WHERE kind = 'credits-expiring'`,
      )
    ).rows;

  const replica = (pool: pg.Pool): { scheduler: Scheduler; job: Job } => {
    const warnings = new ExpiryWarnings(pool, new OutboxMailer(pool), 'http://localhost');
    return {
      scheduler: new Scheduler(),
      job: {
        name: 'credit-expiry-warnings',
        intervalMs: 60_000,
        runAtStart: false,
        run: () => warnings.run(),
      },
    };
  };

  it('two schedulers at once mail exactly one warning per expiring lot of any bucket; none for spent lots or later expiries; none again after a restart', async () => {
    const subscriber = await signedInUser(app);
    const twoLots = await signedInUser(app);
    const spender = await signedInUser(app);
    const packOwner = await signedInUser(app);
    await purchase(subscriber.userId, 120, 2 * DAY);
    await purchase(subscriber.userId, 300, 20 * DAY); // not due yet
    await purchase(twoLots.userId, 40, 1 * DAY);
    await purchase(twoLots.userId, 60, 2.5 * DAY);
    await purchase(spender.userId, 5, 2 * DAY);
    await spend(spender.userId, 5); // the plan lot expires first, so it is the one spent
    await purchase(packOwner.userId, 100, 2 * DAY, 'pack');
    await purchase(packOwner.userId, 500, 700 * DAY, 'pack'); // a fresh pack: not due
    const freeUser = await signedInUser(app);
    await grant(freeUser.userId, 15, 1.5 * DAY);
    await grant(freeUser.userId, 10, 30 * DAY); // not due yet
    await app.settle();

    const banner = await subscriber.client.graphql<{
      me: { creditBuckets: { expiryWarning: { credits: number; expiresAt: string } | null } };
    }>('{ me { creditBuckets { expiryWarning { credits expiresAt } } } }');
    expect(banner.data!.me.creditBuckets.expiryWarning?.credits).toBe(120);

    const a = replica(app.database.pool);
    const b = replica(replicaPool);
    for (let round = 0; round < 3; round++)
      await Promise.all([a.scheduler.runOnce(a.job), b.scheduler.runOnce(b.job)]);

    const mails = await expiryMails();
    const byUser = (userId: string) => mails.filter((m) => m.user_id === userId);
    expect(byUser(subscriber.userId)).toHaveLength(1);
    expect(byUser(subscriber.userId)[0]!.text_body).toMatch(
      /120 credits expire on \d{1,2} \w{3} \d{4}; they do not roll over\./,
    );
    expect(byUser(twoLots.userId)).toHaveLength(2);
    expect(
      byUser(twoLots.userId)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      expect.stringMatching(/^40 credits expire on /),
      expect.stringMatching(/^60 credits expire on /),
    ]);
    expect(byUser(spender.userId)).toHaveLength(0);
    expect(byUser(packOwner.userId)).toEqual([
      expect.objectContaining({
        subject: expect.stringMatching(/^100 credits expire on /),
        text_body: expect.stringContaining('what is left of a credit pack or gift'),
      }),
    ]);
    expect(byUser(freeUser.userId)).toEqual([
      expect.objectContaining({
        subject: expect.stringMatching(/^15 credits expire on /),
        text_body: expect.stringContaining('They are free credits.'),
      }),
    ]);
    expect(byUser(subscriber.userId)[0]!.text_body).toContain('your plan’s current period');
    expect(mails).toHaveLength(5);

    // The banner names pack and free credits too.
    const freeBanner = await freeUser.client.graphql<{
      me: { creditBuckets: { expiryWarning: { credits: number } | null } };
    }>('{ me { creditBuckets { expiryWarning { credits } } } }');
    expect(freeBanner.data!.me.creditBuckets.expiryWarning?.credits).toBe(15);

    // A restart: new processes, new schedulers, the same database.
    const restartedPool = otherPool(app);
    const c = replica(restartedPool);
    await c.scheduler.runOnce(c.job);
    await Promise.all([a.scheduler.runOnce(a.job), c.scheduler.runOnce(c.job)]);
    expect(await expiryMails()).toHaveLength(5);
    if (restartedPool !== app.database.pool) await restartedPool.end();
  });

  it('a lot spent after its warning was decided but before it was mailed gets no mail', async () => {
    const user = await signedInUser(app);
    await purchase(user.userId, 5, 2 * DAY);
    await app.settle();
    // The decision is taken (the row exists), then the credits are used before any run mails it.
    await app.database.pool.query(
      `INSERT INTO credit_expiry_warnings (user_id, lot_id, credits, expires_at)
       SELECT user_id::uuid, lot_id, remaining, expires_at FROM credit_bucket_lots
        WHERE user_id = $1 AND bucket = 'plan'`,
      [user.userId],
    );
    await spend(user.userId, 5);
    await app.settle();
    await new ExpiryWarnings(app.database.pool, new OutboxMailer(app.database.pool), '').run();
    const mails = (await expiryMails()).filter((m) => m.user_id === user.userId);
    expect(mails).toHaveLength(0);
    const { rows } = await app.database.pool.query(
      `SELECT outcome FROM credit_expiry_warnings WHERE user_id = $1`,
      [user.userId],
    );
    expect(rows).toEqual([{ outcome: 'spent' }]);
  });
});
