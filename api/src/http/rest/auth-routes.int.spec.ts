import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../testing/http-client';
import { startTestApp, type TestApp } from '../../testing/test-app';

const registration = (suffix: string) => ({
  email: `Ada.${suffix}@Example.com`,
  password: 'correct horse',
  username: `ada_${suffix}`,
  fullName: 'Ada Lovelace',
});

describe('REST auth and profile paths', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('GET /api/auth/user answers 401 with a message when signed out', async () => {
    const response = await new HttpClient(app.url).fetch('/api/auth/user');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Unauthorized' });
    expect((await new HttpClient(app.url).fetch('/api/user/profile')).status).toBe(401);
  });

  it('registers with 5 credits, answers {token, user} and sets an httpOnly SameSite=Lax cookie', async () => {
    const client = new HttpClient(app.url);
    const response = await client.json('/api/auth/register', registration('one'));
    expect(response.status).toBe(201);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/sa_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const body = await response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email: 'Ada.one@Example.com',
      username: 'ada_one',
      fullName: 'Ada Lovelace',
      credits: 5,
      generationsRemaining: 1,
      subscriptionStatus: 'free',
      currentPlan: 'Free',
      profileImageUrl: null,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    // The cookie signs the browser in; the token signs API clients in.
    expect((await (await client.fetch('/api/auth/user')).json()).username).toBe('ada_one');
    const apiClient = new HttpClient(app.url);
    apiClient.bearer = body.token;
    expect((await (await apiClient.fetch('/api/user/profile')).json()).credits).toBe(5);
  });

  it.each([
    [{ ...registration('v1'), email: '' }, 'Email is required'],
    [{ ...registration('v2'), email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ ...registration('v3'), password: '12345' }, 'Password must be at least 6 characters'],
    [{ ...registration('v4'), password: '' }, 'Password is required'],
    [{ ...registration('v5'), username: '  ' }, 'Username is required'],
  ])('refuses registration %# with its message and creates nothing', async (body, message) => {
    const response = await new HttpClient(app.url).json('/api/auth/register', body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
    const count = await app.database.pool.query(
      'SELECT count(*)::int AS n FROM users WHERE username = $1',
      [body.username.trim()],
    );
    expect(count.rows[0].n).toBe(0);
  });

  it('refuses a second account with the same email in another case, and a taken username', async () => {
    await new HttpClient(app.url).json('/api/auth/register', registration('dup'));
    const sameEmail = await new HttpClient(app.url).json('/api/auth/register', {
      ...registration('dup'),
      email: 'ADA.DUP@example.COM',
      username: 'someone_else',
    });
    expect(sameEmail.status).toBe(409);
    expect((await sameEmail.json()).message).toBe('An account with this email already exists');
    const sameUsername = await new HttpClient(app.url).json('/api/auth/register', {
      ...registration('dup2'),
      username: 'ADA_DUP',
    });
    expect(sameUsername.status).toBe(409);
    expect((await sameUsername.json()).message).toBe('This username is already taken');
  });

  it('logs in with the email in any case, and gives one message for a wrong email or password', async () => {
    await new HttpClient(app.url).json('/api/auth/register', registration('login'));
    const ok = await new HttpClient(app.url).json('/api/auth/login', {
      email: 'ada.login@example.com',
      password: 'correct horse',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      token: expect.any(String),
      user: { username: 'ada_login', credits: 5 },
    });

    const wrongPassword = await new HttpClient(app.url).json('/api/auth/login', {
      email: 'ada.login@example.com',
      password: 'wrong horse',
    });
    const wrongEmail = await new HttpClient(app.url).json('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'correct horse',
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    expect((await wrongPassword.json()).message).toBe('Invalid email or password');
    expect((await wrongEmail.json()).message).toBe('Invalid email or password');
    const missing = await new HttpClient(app.url).json('/api/auth/login', {
      email: 'ada.login@example.com',
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('Password is required');
  });

  it('logs out: the session is revoked and the cookie cleared', async () => {
    const client = new HttpClient(app.url);
    const { token } = await (await client.json('/api/auth/register', registration('bye'))).json();
    const logout = await client.fetch('/api/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/sa_session=;.*Max-Age=0/i);
    expect((await client.fetch('/api/auth/user')).status).toBe(401);
    const stale = new HttpClient(app.url);
    stale.bearer = token;
    expect((await stale.fetch('/api/auth/user')).status).toBe(401);
  });

  it('answers malformed JSON and unknown API paths with a JSON message', async () => {
    const response = await new HttpClient(app.url).fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('The request body is not valid JSON');
    const unknown = await new HttpClient(app.url).fetch('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      message: 'There is no API endpoint at GET /api/nothing-here',
    });
  });
});
