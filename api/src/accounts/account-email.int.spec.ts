import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtpServer, type LocalSmtpServer } from '../mail/testing/local-smtp-server';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';

const ME = `query { me { email emailVerified hasPassword pendingEmail } }`;
type Me = {
  me: { email: string; emailVerified: boolean; hasPassword: boolean; pendingEmail: string | null };
};

const tokenIn = (text: string) => {
  const match = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no confirmation link in:\n${text}`);
  return match[1]!;
};

describe('email verification, change of email and change of password', () => {
  let app: TestApp;
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await app?.services.mail.drain();
    await app?.close();
    await smtp?.stop();
  });

  let counter = 0;
  async function register() {
    const label = `care${Date.now().toString(36)}${counter++}`;
    const email = `${label}@example.com`;
    const client = new HttpClient(app.url);
    const response = await client.json('/api/auth/register', {
      email,
      password: 'first-password',
      username: label,
      fullName: 'Ada Care',
    });
    expect(response.status).toBe(201);
    return { client, email };
  }

  it('sends a confirmation at sign-up; the link verifies the email once; Resend sends another', async () => {
    const { client, email } = await register();
    expect((await client.graphql<Me>(ME)).data?.me).toMatchObject({
      email,
      emailVerified: false,
      hasPassword: true,
      pendingEmail: null,
    });
    const first = await smtp.waitFor(email, /Confirm your email/);
    expect(first.html).not.toMatch(/<img/i);

    const resent = await client.graphql<{ resendVerificationEmail: { message: string } }>(
      'mutation { resendVerificationEmail { message } }',
    );
    expect(resent.data?.resendVerificationEmail.message).toContain(email);
    const second = await smtp.waitFor(email, /Confirm your email/);
    expect(tokenIn(second.text)).not.toBe(tokenIn(first.text));

    const confirmed = await new HttpClient(app.url).json('/api/auth/verify-email', {
      token: tokenIn(first.text),
    });
    expect(confirmed.status).toBe(200);
    expect((await client.graphql<Me>(ME)).data?.me.emailVerified).toBe(true);
    const reused = await new HttpClient(app.url).json('/api/auth/verify-email', {
      token: tokenIn(first.text),
    });
    expect(await reused.json()).toMatchObject({ code: 'TOKEN_USED' });
    const malformed = await new HttpClient(app.url).json('/api/auth/verify-email', { token: 'x' });
    expect(await malformed.json()).toMatchObject({ code: 'TOKEN_MALFORMED' });
  });

  it('changes the email only when the new address confirms; the old address is told both times', async () => {
    const { client, email } = await register();
    await smtp.waitFor(email, /Confirm your email/);
    const newEmail = `new-${Date.now()}@example.com`;
    const change = `mutation ($input: ChangeEmailInput!) { requestEmailChange(input: $input) { message } }`;

    const wrong = await client.graphql(change, {
      input: { newEmail, currentPassword: 'not-my-password' },
    });
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'Your current password is not correct',
      extensions: { code: 'WRONG_PASSWORD' },
    });
    const taken = await client.graphql(change, {
      input: { newEmail: email.toUpperCase(), currentPassword: 'first-password' },
    });
    expect(taken.errors?.[0]?.message).toBe('This is already your email');

    const asked = await client.graphql(change, {
      input: { newEmail, currentPassword: 'first-password' },
    });
    expect(asked.errors).toBeUndefined();
    const notice = await smtp.waitFor(email, /change of email was requested/);
    expect(notice.text).toContain(newEmail);
    const confirm = await smtp.waitFor(newEmail, /Confirm your new email/);
    // Nothing changes until the link is opened.
    expect((await client.graphql<Me>(ME)).data?.me).toMatchObject({
      email,
      pendingEmail: newEmail,
    });

    const done = await client.graphql<{ verifyEmail: { message: string } }>(
      `mutation ($input: VerifyEmailInput!) { verifyEmail(input: $input) { message } }`,
      { input: { token: tokenIn(confirm.text) } },
    );
    expect(done.data?.verifyEmail.message).toBe(`Your email is now ${newEmail}.`);
    expect((await client.graphql<Me>(ME)).data?.me).toMatchObject({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    const told = await smtp.waitFor(email, /email was changed/);
    expect(told.text).toContain(newEmail);
    expect(
      (await new HttpClient(app.url).json('/api/auth/login', { email, password: 'first-password' }))
        .status,
    ).toBe(401);
    expect(
      (
        await new HttpClient(app.url).json('/api/auth/login', {
          email: newEmail,
          password: 'first-password',
        })
      ).status,
    ).toBe(200);
  });

  it('changes the password with the current one and signs out every other session', async () => {
    const { client, email } = await register();
    const other = new HttpClient(app.url);
    await other.json('/api/auth/login', { email, password: 'first-password' });
    const wrong = await client.json('/api/user/change-password', {
      currentPassword: 'nope-nope',
      newPassword: 'second-password',
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('Your current password is not correct');
    expect((await other.fetch('/api/auth/user')).status).toBe(200);

    const changed = await client.json('/api/user/change-password', {
      currentPassword: 'first-password',
      newPassword: 'second-password',
    });
    expect(changed.status).toBe(200);
    expect((await client.fetch('/api/auth/user')).status).toBe(200);
    expect((await other.fetch('/api/auth/user')).status).toBe(401);
    await smtp.waitFor(email, /password was changed/);
    expect(
      (
        await new HttpClient(app.url).json('/api/auth/login', {
          email,
          password: 'second-password',
        })
      ).status,
    ).toBe(200);
  });
});
