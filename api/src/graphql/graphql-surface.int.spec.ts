import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';

const ME =
  'query { me { id username email credits generationsRemaining subscriptionStatus currentPlan roles } }';
const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { user { username credits } } }`;
const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { user { username } } }`;
const HISTORY = `query ($first: Int, $before: String) { myCreditHistory(first: $first, before: $before) {
  movements { type delta balanceAfter reason reference } nextCursor } }`;

describe('GraphQL surface over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('me is null when signed out; register signs in through the cookie and shows 5 credits', async () => {
    const client = new HttpClient(app.url);
    expect(await client.graphql(ME)).toEqual({ data: { me: null } });
    const registered = await client.graphql(REGISTER, {
      input: { email: 'grace@example.com', password: 'hopper1', username: 'grace', fullName: null },
    });
    expect(registered).toEqual({ data: { register: { user: { username: 'grace', credits: 5 } } } });
    expect(client.cookie('sa_session')).toBeTruthy();
    expect((await client.graphql(ME)).data?.me).toMatchObject({
      username: 'grace',
      credits: 5,
      generationsRemaining: 1,
      subscriptionStatus: 'FREE',
      currentPlan: 'Free',
      roles: [],
    });
  });

  it('validation errors carry BAD_USER_INPUT and the spec message', async () => {
    const result = await new HttpClient(app.url).graphql(REGISTER, {
      input: { email: 'x@example.com', password: '123', username: 'x' },
    });
    expect(result.errors?.[0]).toMatchObject({
      message: 'Password must be at least 6 characters',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const login = await new HttpClient(app.url).graphql(LOGIN, {
      input: { email: 'grace@example.com', password: 'wrong-one' },
    });
    expect(login.errors?.[0]).toMatchObject({
      message: 'Invalid email or password',
      extensions: { code: 'INVALID_CREDENTIALS' },
    });
  });

  it('the signedIn scope refuses my credit history to visitors', async () => {
    const result = await new HttpClient(app.url).graphql(HISTORY);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(result.data ?? null).toBeNull();
  });

  it('my credit history: newest first, with running balance and reason, paginated', async () => {
    const client = new HttpClient(app.url);
    await client.graphql(REGISTER, {
      input: { email: 'ken@example.com', password: 'thompson', username: 'ken' },
    });
    const page = await client.graphql<{
      myCreditHistory: { movements: unknown[]; nextCursor: string | null };
    }>(HISTORY, { first: 10 });
    expect(page.data?.myCreditHistory).toEqual({
      movements: [
        {
          type: 'CreditsGranted',
          delta: 5,
          balanceAfter: 5,
          reason: 'Signup bonus',
          reference: expect.stringMatching(/^signup-/),
        },
      ],
      nextCursor: null,
    });
    const tooMany = await client.graphql(HISTORY, { first: 1000 });
    expect(tooMany.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses a GraphQL request without the CSRF header', async () => {
    const response = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ me { id } }')}`);
    expect(response.status).toBe(403);
  });

  it('allows only its own public origin to read answers across origins', async () => {
    const preflight = await fetch(`${app.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-graphql-yoga-csrf',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(app.runtime.config.publicUrl);
    expect(preflight.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });

  it('refuses a JSON body over 64 KB before reading it', async () => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({ query: '{ me { id } }', variables: { pad: 'x'.repeat(70_000) } }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ errors: [{ message: 'The request is too large' }] });
  });

  it('refuses queries costlier than the limit, without running them', async () => {
    const aliases = Array.from(
      { length: 800 },
      (_, i) => `m${i}: me { id username email credits }`,
    ).join(' ');
    const result = await new HttpClient(app.url).graphql(`query { ${aliases} }`);
    expect(result.errors?.[0]?.message).toBe('Syntax Error: Query validation error.');
    expect(result.data ?? null).toBeNull();
    const modest = Array.from({ length: 20 }, (_, i) => `m${i}: me { id }`).join(' ');
    expect((await new HttpClient(app.url).graphql(`query { ${modest} }`)).errors).toBeUndefined();
  });

  it('masks unexpected errors', async () => {
    const client = new HttpClient(app.url);
    await client.graphql(REGISTER, {
      input: { email: 'mask@example.com', password: 'secret1', username: 'mask' },
    });
    await app.database.pool.query('ALTER VIEW credit_history RENAME TO credit_history_hidden');
    try {
      const result = await client.graphql(HISTORY);
      expect(result.errors?.[0]?.message).toBe('Unexpected error.');
      expect(JSON.stringify(result)).not.toMatch(/credit_history/);
    } finally {
      await app.database.pool.query('ALTER VIEW credit_history_hidden RENAME TO credit_history');
    }
  });
});
