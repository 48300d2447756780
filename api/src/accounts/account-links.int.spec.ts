import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSmtpServer, type LocalSmtpServer } from '../mail/testing/local-smtp-server';
import { systemContext } from '../shared/request-context';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';

// Links mailed for an account end when its credentials or address change: a change of email asked
// for by whoever registered an address first cannot move the account once its owner links Google,
// nor outlive a password reset or change; a Google link never replaces another Google account; and
// a change of password or email checked against a password that has changed since is refused.

const confirmTokenIn = (text: string) => /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
const resetTokenIn = (text: string) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
const CHANGE_EMAIL = `mutation ($input: ChangeEmailInput!) { requestEmailChange(input: $input) { message } }`;
const VERIFY = `mutation ($input: VerifyEmailInput!) { verifyEmail(input: $input) { message } }`;

describe('links mailed for an account end when its credentials or address change', () => {
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

  const label = () => `links${randomUUID().slice(0, 8)}`;
  async function register(email = `${label()}@example.com`) {
    const client = new HttpClient(app.url);
    const response = await client.json('/api/auth/register', {
      email,
      password: 'first-password',
      username: label(),
    });
    expect(response.status).toBe(201);
    const { user } = (await response.json()) as { user: { id: string } };
    return { client, email, userId: user.id };
  }
  async function askEmailChange(client: HttpClient) {
    const newEmail = `${label()}@attacker.test`;
    const asked = await client.graphql(CHANGE_EMAIL, {
      input: { newEmail, currentPassword: 'first-password' },
    });
    expect(asked.errors).toBeUndefined();
    const mail = await smtp.waitFor(newEmail, /Confirm your new email/);
    return { newEmail, token: confirmTokenIn(mail.text) };
  }
  const openLink = (token: string) =>
    new HttpClient(app.url).graphql<{ verifyEmail: { message: string } }>(VERIFY, {
      input: { token },
    });
  const emailOf = async (userId: string) =>
    (
      await app.database.pool.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        userId,
      ])
    ).rows[0]!.email;
  const google = (email: string, subject = `google-${randomUUID()}`) => ({
    subject,
    email,
    emailVerified: true,
    name: 'Owner',
    pictureUrl: null,
  });

  it("a squatter's change of email does not survive the owner's Google link", async () => {
    const squatter = await register();
    const { token } = await askEmailChange(squatter.client);
    await app.services.accounts.signInWithGoogle(google(squatter.email), systemContext('spec'));
    const opened = await openLink(token);
    expect(opened.errors?.[0]?.extensions).toMatchObject({ code: 'TOKEN_USED' });
    expect(await emailOf(squatter.userId)).toBe(squatter.email);
  });

  it('a Google link never replaces the Google account an account already has', async () => {
    const email = `${label()}@example.com`;
    const first = await app.services.accounts.signInWithGoogle(
      google(email),
      systemContext('spec'),
    );
    await expect(
      app.services.accounts.signInWithGoogle(google(email), systemContext('spec')),
    ).rejects.toMatchObject({ code: 'GOOGLE_ACCOUNT_TAKEN', status: 409 });
    const again = await app.services.accounts.signInWithGoogle(
      google(email, first.user.googleSubject!),
      systemContext('spec'),
    );
    expect(again.user.id).toBe(first.user.id);
  });

  it('an account erased while Google answers is not reported as linked to another Google account: the sign-in makes a new one', async () => {
    const erased = await register();
    const users = app.services.accounts.users;
    const findByEmail = users.findByEmail.bind(users);
    users.findByEmail = async (email) => {
      users.findByEmail = findByEmail;
      const found = await findByEmail(email);
      await app.services.accountDeletion.erase(found!);
      return found;
    };
    const signedIn = await app.services.accounts.signInWithGoogle(
      google(erased.email),
      systemContext('spec'),
    );
    expect(signedIn.user.id).not.toBe(erased.userId);
    expect(signedIn.user.email).toBe(erased.email);
    expect(await emailOf(erased.userId)).not.toBe(erased.email);
  });

  it('a password reset ends a change of email asked for with the old password', async () => {
    const owner = await register();
    const { token } = await askEmailChange(owner.client);
    await new HttpClient(app.url).json('/api/auth/forgot-password', { email: owner.email });
    const reset = await new HttpClient(app.url).json('/api/auth/reset-password', {
      token: resetTokenIn((await smtp.waitFor(owner.email, /Reset your .*password/)).text),
      password: 'second-password',
    });
    expect(reset.status).toBe(200);
    expect((await openLink(token)).errors?.[0]?.extensions).toMatchObject({ code: 'TOKEN_USED' });
    expect(await emailOf(owner.userId)).toBe(owner.email);
  });

  it('a change of password ends a pending change of email; a new email ends reset links sent to the old one', async () => {
    const owner = await register();
    const { token } = await askEmailChange(owner.client);
    const changed = await owner.client.json('/api/user/change-password', {
      currentPassword: 'first-password',
      newPassword: 'second-password',
    });
    expect(changed.status).toBe(200);
    expect((await openLink(token)).errors?.[0]?.extensions).toMatchObject({ code: 'TOKEN_USED' });

    await new HttpClient(app.url).json('/api/auth/forgot-password', { email: owner.email });
    const resetToken = resetTokenIn(
      (await smtp.waitFor(owner.email, /Reset your .*password/)).text,
    );
    const newEmail = `${label()}@example.com`;
    await owner.client.graphql(CHANGE_EMAIL, {
      input: { newEmail, currentPassword: 'second-password' },
    });
    const moved = await openLink(
      confirmTokenIn((await smtp.waitFor(newEmail, /Confirm your new email/)).text),
    );
    expect(moved.data?.verifyEmail.message).toBe(`Your email is now ${newEmail}.`);
    const late = await new HttpClient(app.url).json('/api/auth/reset-password', {
      token: resetToken,
      password: 'third-password',
    });
    expect(await late.json()).toMatchObject({ code: 'TOKEN_USED' });
  });

  it('a change of password or email checked against a password that changed since is refused and changes nothing', async () => {
    const owner = await register();
    const before = (await app.services.accounts.users.findByEmail(owner.email))!;
    // Meanwhile the owner links Google (the password ends).
    await app.services.accounts.signInWithGoogle(google(owner.email), systemContext('spec'));
    const session = (
      await app.database.pool.query<{ id: string }>(
        'SELECT id FROM sessions WHERE user_id = $1 LIMIT 1',
        [owner.userId],
      )
    ).rows[0]!.id;
    await expect(
      app.services.accountEmail.changePassword(before, session, {
        currentPassword: 'first-password',
        newPassword: 'squatter-password',
      }),
    ).rejects.toMatchObject({ code: 'CREDENTIALS_CHANGED', status: 409 });
    await expect(
      app.services.accountEmail.requestEmailChange(before, {
        newEmail: `${label()}@attacker.test`,
        currentPassword: 'first-password',
      }),
    ).rejects.toMatchObject({ code: 'CREDENTIALS_CHANGED', status: 409 });
    const row = await app.database.pool.query<{ password_hash: string | null; open: string }>(
      `SELECT password_hash, (SELECT count(*) FROM account_tokens
         WHERE user_id = users.id AND used_at IS NULL AND purpose = 'email_change')::text AS open
       FROM users WHERE id = $1`,
      [owner.userId],
    );
    expect(row.rows[0]).toEqual({ password_hash: null, open: '0' });
  });
});
