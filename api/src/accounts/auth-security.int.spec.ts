import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { creditStreamId } from '@app/ledger';
import { getCreditBalance } from '@app/projections';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { systemContext } from '../shared/request-context';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('wrong passwords from one address lock the account for that address only', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3',
      LOGIN_FAILURES_PER_ACCOUNT: '8',
      LOGIN_ATTEMPTS_PER_IP: '1000',
      // Requests "from" several addresses through a balancer on loopback (X-Forwarded-For).
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(async () => {
    await app?.close();
  });
  const login = (email: string, password: string, ip: string) =>
    new HttpClient(app.url).fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    });

  it('the owner signs in from elsewhere while the guessing address is refused', async () => {
    await new HttpClient(app.url).json('/api/auth/register', {
      email: 'target@example.com',
      password: 'right-one',
      username: 'target',
    });
    for (let i = 0; i < 3; i++)
      expect((await login('target@example.com', `guess-${i}`, '10.20.0.1')).status).toBe(401);
    expect((await login('target@example.com', 'right-one', '10.20.0.1')).status).toBe(429);
    expect((await login('target@example.com', 'right-one', '10.20.0.2')).status).toBe(200);
  });

  it('guesses spread over many addresses still meet the account-wide limit', async () => {
    await new HttpClient(app.url).json('/api/auth/register', {
      email: 'spread@example.com',
      password: 'right-one',
      username: 'spread',
    });
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await login('spread@example.com', `guess-${i}`, `10.21.0.${i + 1}`)).status);
    expect(statuses).toEqual([...Array(8).fill(401), 429, 429]);
    expect((await login('spread@example.com', 'right-one', '10.21.1.1')).status).toBe(429);
  });
});

describe('login and registration limits (counters in Postgres)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '2',
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      LOGIN_ATTEMPTS_PER_IP: '12',
      REGISTRATIONS_PER_IP: '3',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('locks an account after repeated wrong passwords, then lifts when the window passes', async () => {
    const client = new HttpClient(app.url);
    await client.json('/api/auth/register', {
      email: 'lock@example.com',
      password: 'right-one',
      username: 'lock',
    });
    for (let i = 0; i < 3; i++) {
      expect(
        (await client.json('/api/auth/login', { email: 'lock@example.com', password: 'wrong-one' }))
          .status,
      ).toBe(401);
    }
    const limited = await client.json('/api/auth/login', {
      email: 'LOCK@example.com',
      password: 'right-one',
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).message).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    await sleep(2_100);
    expect(
      (await client.json('/api/auth/login', { email: 'lock@example.com', password: 'right-one' }))
        .status,
    ).toBe(200);
  });

  it('limits registrations per IP, and the limit lifts', async () => {
    await sleep(2_100);
    const client = new HttpClient(app.url);
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await client.json('/api/auth/register', {
            email: `r${i}@example.com`,
            password: 'secret1',
            username: `r${i}`,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(
      (await app.database.pool.query(`SELECT count(*)::int AS n FROM users WHERE username = 'r3'`))
        .rows[0].n,
    ).toBe(0);
    await sleep(2_100);
    expect(
      (
        await client.json('/api/auth/register', {
          email: 'r3@example.com',
          password: 'secret1',
          username: 'r3',
        })
      ).status,
    ).toBe(201);
  });

  it('the counters live in Postgres, so a second API replica sees them', async () => {
    await sleep(2_100);
    const rows = await app.database.pool.query('SELECT key FROM rate_limit_counters');
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.every((r: { key: string }) => !r.key.includes('@'))).toBe(true);
  });
});

describe("authorization: one user cannot read or act on another user's data", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('each session sees only its own account and history; forged and revoked tokens see nothing', async () => {
    const alice = new HttpClient(app.url);
    const bob = new HttpClient(app.url);
    const a = await (
      await alice.json('/api/auth/register', {
        email: 'alice@example.com',
        password: 'alice-pw',
        username: 'alice',
      })
    ).json();
    const b = await (
      await bob.json('/api/auth/register', {
        email: 'bob@example.com',
        password: 'bob-pw1',
        username: 'bob',
      })
    ).json();
    // Give Alice more credits so the two accounts differ.
    const grant = await app.services.ledger.credits.handle(
      creditStreamId(a.user.id),
      {
        type: 'GrantCredits',
        data: {
          userId: a.user.id,
          grantId: 'g-extra',
          amount: 10,
          source: 'goodwill',
          expiresAt: null,
        },
      },
      {
        now: new Date(),
        actor: { kind: 'staff', id: 'test' },
        reason: 'test',
        correlationId: 'c',
        idempotencyKey: 'g-extra',
      },
    );
    await app.services.projections.waitFor(grant.position);

    const me = 'query { me { id username credits } }';
    const history = 'query { myCreditHistory { movements { reference delta } } }';
    expect((await alice.graphql(me)).data).toEqual({
      me: { id: a.user.id, username: 'alice', credits: 15 },
    });
    expect((await bob.graphql(me)).data).toEqual({
      me: { id: b.user.id, username: 'bob', credits: 5 },
    });
    const bobHistory = (
      await bob.graphql<{ myCreditHistory: { movements: { reference: string }[] } }>(history)
    ).data!;
    expect(bobHistory.myCreditHistory.movements.map((m) => m.reference)).toEqual([
      `signup-${b.user.id}`,
    ]);
    expect((await (await bob.fetch('/api/user/profile')).json()).id).toBe(b.user.id);

    // No operation takes a user id from a signed-in user: the schema has no way to ask for Bob's data.
    const schemaTypes = await alice.graphql<{
      __schema: { queryType: { fields: { name: string; args: { name: string }[] }[] } };
    }>('query { __schema { queryType { fields { name args { name } } } } }');
    const userScoped = schemaTypes.data!.__schema.queryType.fields.filter((f) =>
      ['me', 'myCreditHistory'].includes(f.name),
    );
    for (const field of userScoped)
      expect(field.args.map((arg) => arg.name)).not.toContain('userId');

    const forged = new HttpClient(app.url);
    forged.bearer = `${b.token.slice(0, -2)}xx`;
    expect((await forged.fetch('/api/auth/user')).status).toBe(401);
    expect((await forged.graphql(me)).data).toEqual({ me: null });

    await bob.fetch('/api/auth/logout', { method: 'POST' });
    const replay = new HttpClient(app.url);
    replay.bearer = b.token;
    expect((await replay.graphql(history)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a cookie-authenticated state change from a foreign origin', async () => {
    const client = new HttpClient(app.url);
    await client.json('/api/auth/register', {
      email: 'csrf@example.com',
      password: 'secret1',
      username: 'csrf',
    });
    const response = await client.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect((await client.fetch('/api/auth/user')).status).toBe(200);
  });
});

describe('signup credits survive a crash between creating the user and granting', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('ends with exactly 5 credits, however often recovery runs', async () => {
    const handle = vi
      .spyOn(app.services.ledger.credits, 'handle')
      .mockRejectedValueOnce(new Error('process died before the grant was appended'));
    const failed = await new HttpClient(app.url).json('/api/auth/register', {
      email: 'crash@example.com',
      password: 'secret1',
      username: 'crash',
    });
    expect(failed.status).toBe(500);
    handle.mockRestore();

    const { rows } = await app.database.pool.query(
      `SELECT id, signup_grant_pending_since FROM users WHERE username = 'crash'`,
    );
    expect(rows[0].signup_grant_pending_since).not.toBeNull();
    const userId: string = rows[0].id;
    expect((await getCreditBalance(app.database.pool, userId)).available).toBe(0);

    // What the start-up job does after a restart; running it again changes nothing.
    expect(await app.services.accounts.grantPendingSignupCredits(systemContext('recovery-1'))).toBe(
      1,
    );
    expect(await app.services.accounts.grantPendingSignupCredits(systemContext('recovery-2'))).toBe(
      0,
    );
    // Even a grant retried after the flag was lost is refused by the ledger's idempotency key.
    await app.database.pool.query(
      'UPDATE users SET signup_grant_pending_since = now() WHERE id = $1',
      [userId],
    );
    await app.services.accounts.grantPendingSignupCredits(systemContext('recovery-3'));

    expect((await getCreditBalance(app.database.pool, userId)).available).toBe(5);
    const events = await app.runtime.storage.store.readStream(creditStreamId(userId));
    expect(events.map((e) => e.type)).toEqual(['CreditsGranted']);
    const login = await new HttpClient(app.url).json('/api/auth/login', {
      email: 'crash@example.com',
      password: 'secret1',
    });
    expect((await login.json()).user.credits).toBe(5);
  });
});
