import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtpServer, type LocalSmtpServer } from '../mail/testing/local-smtp-server';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';
import { FORGOT_PASSWORD_MESSAGE } from './password-reset';

const linkIn = (text: string) => {
  const match = /(http\S+\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return { url: match[1]!, token: match[2]! };
};

describe('forgot password and reset (REST and GraphQL over one service, mail over real SMTP)', () => {
  let app: TestApp;
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    app = await startTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Stylised <no-reply@stylised.test>',
      PUBLIC_URL: 'https://stylised.test',
      PASSWORD_RESETS_PER_EMAIL: '3',
      PASSWORD_RESETS_PER_IP: '10000',
      LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3',
    });
  });
  afterAll(async () => {
    await app?.services.mail.drain();
    await app?.close();
    await smtp?.stop();
  });

  async function register(label: string) {
    const client = new HttpClient(app.url);
    const email = `${label}-${Date.now()}@example.com`;
    const response = await client.json('/api/auth/register', {
      email,
      password: 'old-password',
      username: `${label}_${Date.now()}`,
      fullName: 'Grace Hopper',
    });
    expect(response.status).toBe(201);
    return { client, email };
  }

  it('a reset lifts the sign-in lock that wrong guesses set on the account', async () => {
    const { email } = await register('locked');
    const guesser = new HttpClient(app.url);
    for (let i = 0; i < 3; i++)
      expect(
        (await guesser.json('/api/auth/login', { email, password: `guess-${i}` })).status,
      ).toBe(401);
    expect(
      (await guesser.json('/api/auth/login', { email, password: 'old-password' })).status,
    ).toBe(429);

    await new HttpClient(app.url).json('/api/auth/forgot-password', { email });
    const { token } = linkIn((await smtp.waitFor(email, /Reset your Stylised password/)).text);
    const reset = await new HttpClient(app.url).json('/api/auth/reset-password', {
      token,
      password: 'new-password-1',
    });
    expect(reset.status).toBe(200);
    // The same address that was locked out signs in at once with the new password.
    expect(
      (await guesser.json('/api/auth/login', { email, password: 'new-password-1' })).status,
    ).toBe(200);
  });

  it('mails a single-use link; the new password works, the old one and every session do not', async () => {
    const { client: firstSession, email } = await register('reset');
    const secondSession = new HttpClient(app.url);
    await secondSession.json('/api/auth/login', { email, password: 'old-password' });
    expect((await secondSession.fetch('/api/auth/user')).status).toBe(200);

    const asked = await new HttpClient(app.url).json('/api/auth/forgot-password', {
      email: email.toUpperCase(),
    });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });

    const mail = await smtp.waitFor(email, /Reset your Stylised password/);
    expect(mail.from).toBe('no-reply@stylised.test');
    const { url, token } = linkIn(mail.text);
    expect(url.startsWith('https://stylised.test/reset-password?token=')).toBe(true);
    expect(mail.html).toContain(url.replace(/&/g, '&amp;'));
    expect(mail.html).toContain('Stylised');
    expect(mail.html).not.toMatch(/<img|utm_|track/i); // no pixels, no tracking parameters
    // Only the hash is stored.
    const stored = await app.services.pool.query(
      `SELECT count(*)::int AS n FROM account_tokens WHERE encode(token_hash, 'escape') LIKE '%' || $1 || '%'`,
      [token],
    );
    expect(stored.rows[0].n).toBe(0);

    const weak = await new HttpClient(app.url).json('/api/auth/reset-password', {
      token,
      password: '123',
    });
    expect(weak.status).toBe(400);
    expect((await weak.json()).message).toBe('Password must be at least 6 characters');

    const reset = await new HttpClient(app.url).json('/api/auth/reset-password', {
      token,
      password: 'new-password',
    });
    expect(reset.status).toBe(200);

    expect((await firstSession.fetch('/api/auth/user')).status).toBe(401);
    expect((await secondSession.fetch('/api/auth/user')).status).toBe(401);
    const oldLogin = await new HttpClient(app.url).json('/api/auth/login', {
      email,
      password: 'old-password',
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await new HttpClient(app.url).json('/api/auth/login', {
      email,
      password: 'new-password',
    });
    expect(newLogin.status).toBe(200);
    await smtp.waitFor(email, /password was changed/);

    const again = await new HttpClient(app.url).json('/api/auth/reset-password', {
      token,
      password: 'third-password',
    });
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({
      code: 'TOKEN_USED',
      message: expect.stringContaining('already been used'),
    });
  });

  it('refuses expired, unknown and malformed tokens with their own messages (GraphQL too)', async () => {
    const { email } = await register('expired');
    await new HttpClient(app.url).json('/api/auth/forgot-password', { email });
    const { token } = linkIn((await smtp.waitFor(email, /Reset/)).text);
    await app.services.pool.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second',
         created_at = now() - interval '61 minutes' WHERE purpose = 'password_reset'
         AND user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    const mutation = `mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) { message } }`;
    const client = new HttpClient(app.url);
    const expired = await client.graphql(mutation, { input: { token, password: 'new-password' } });
    expect(expired.errors?.[0]).toMatchObject({
      message: expect.stringContaining('has expired (links last one hour)'),
      extensions: { code: 'TOKEN_EXPIRED' },
    });
    const unknown = await client.graphql(mutation, {
      input: { token: 'A'.repeat(43), password: 'new-password' },
    });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('TOKEN_INVALID');
    const malformed = await client.json('/api/auth/reset-password', {
      token: token.slice(0, 20),
      password: 'new-password',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      code: 'TOKEN_MALFORMED',
      message: expect.stringContaining('incomplete'),
    });
    // Nothing changed: the old password still signs in.
    const login = await new HttpClient(app.url).json('/api/auth/login', {
      email,
      password: 'old-password',
    });
    expect(login.status).toBe(200);
  });

  it('two concurrent uses of one link: exactly one sets its password', async () => {
    const { email } = await register('race');
    await new HttpClient(app.url).json('/api/auth/forgot-password', { email });
    const { token } = linkIn((await smtp.waitFor(email, /Reset/)).text);
    const attempts = await Promise.all(
      ['password-a', 'password-b', 'password-c', 'password-d'].map((password) =>
        new HttpClient(app.url).json('/api/auth/reset-password', { token, password }),
      ),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([200, 410, 410, 410]);
  });

  it('a Google-only account is told by mail to sign in with Google; the answer is the same', async () => {
    const email = `google-${Date.now()}@example.com`;
    await app.services.accounts.users.create({
      email,
      username: `google_${Date.now()}`,
      fullName: 'Gee',
      passwordHash: null,
      googleSubject: `sub-${Date.now()}`,
    });
    const client = new HttpClient(app.url);
    const result = await client.graphql<{ forgotPassword: { message: string } }>(
      `mutation ($input: ForgotPasswordInput!) { forgotPassword(input: $input) { message } }`,
      { input: { email } },
    );
    expect(result.data?.forgotPassword.message).toBe(FORGOT_PASSWORD_MESSAGE);
    const mail = await smtp.waitFor(email);
    expect(mail.text).toContain('you sign in with Google');
    expect(mail.text).not.toContain('reset-password?token=');
  });

  it('is limited per email (429 after the limit, whatever the address)', async () => {
    const email = `limited-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await new HttpClient(app.url).json('/api/auth/forgot-password', { email })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const bad = await new HttpClient(app.url).json('/api/auth/forgot-password', { email: 'nope' });
    expect(bad.status).toBe(400);
  });
});
