import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLocalSmtpServer,
  type LocalSmtpServer,
} from '../../api/src/mail/testing/local-smtp-server';
import {
  type E2eSession,
  MOBILE,
  graphqlAs,
  newAccount,
  registerViaApi,
  startE2eSession,
  toast,
} from './support/e2e-session';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

const resetLinkOf = (text: string) => {
  const match = /https?:\/\/[^/\s]+(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in the mail:\n${text}`);
  return match[1]!;
};

const signedInStatus = async (page: Page) =>
  (await page.context().request.get('/api/auth/user')).status();

describe('forgot password in the browser, with the mail delivered to a local SMTP server', () => {
  let session: E2eSession;
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    session = await startE2eSession({ SMTP_URL: smtp.url });
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    await smtp?.stop();
  });

  it('forgot password → mail → link → new password: old sessions end, the new password signs in, the link is then refused', async () => {
    const first = await session.newPage();
    const account = await registerViaApi(first);
    const second = await session.newPage();
    await graphqlAs(
      second,
      'mutation ($input: LoginInput!) { login(input: $input) { user { id } } }',
      {
        input: { email: account.email, password: account.password },
      },
    );
    expect(await signedInStatus(first)).toBe(200);
    expect(await signedInStatus(second)).toBe(200);

    const page = await session.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = page.getByRole('form', { name: 'Reset your password' });
    await form.getByLabel('Email').fill(account.email);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/forgot-desktop.png` });
    await form.getByRole('button', { name: 'Send reset link' }).click();
    const status = page.getByRole('status').filter({ hasText: 'If an account uses this email' });
    await status.waitFor();

    const mail = await smtp.waitFor(account.email, /Reset your Stylised password/);
    const link = resetLinkOf(mail.text);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill('brand-new-pass');
    await page.getByLabel('Repeat the new password').fill('brand-new-typo');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The two passwords do not match').waitFor();
    await page.getByLabel('Repeat the new password').fill('brand-new-pass');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reset-desktop.png` });
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed' }).waitFor();

    // Every session that existed before is signed out.
    expect(await signedInStatus(first)).toBe(401);
    expect(await signedInStatus(second)).toBe(401);
    await first.goto('/profile');
    await first.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();

    // The new password signs in; the old one no longer does.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/auth');
    const tabs = page.getByRole('tabpanel');
    await tabs.getByLabel('Email').fill(account.email);
    await tabs.getByLabel('Password').fill(account.password);
    await tabs.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toast(page).innerText()).toMatch(/Invalid email or password/);
    await tabs.getByLabel('Password').fill('brand-new-pass');
    await tabs.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => signedInStatus(page), { timeout: 15_000 }).toBe(200);

    // The link works once.
    const again = await session.newPage();
    await again.goto(link);
    await again.getByLabel(/^New password/).fill('third-password');
    await again.getByLabel('Repeat the new password').fill('third-password');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await again
      .getByRole('alert')
      .filter({ hasText: 'This reset link has already been used' })
      .waitFor();
  });

  it('from the sign-in modal; an expired link is refused with its message (mobile)', async ({
    skip,
  }) => {
    const owner = await session.newPage();
    const account = await registerViaApi(owner, newAccount('expiry'));
    const page = await session.newPage({ viewport: MOBILE });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByLabel('Email').fill(account.email);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/forgot-modal-mobile.png` });
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByRole('status').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/forgot-sent-mobile.png` });

    const link = resetLinkOf((await smtp.waitFor(account.email, /Reset/)).text);
    const pool = session.server.pool;
    // Embedded, the server's PGlite has one owner: the link cannot be aged from here. Its expiry
    // is also checked without DATABASE_URL in api/src/accounts/password-reset.int.spec.ts.
    if (!pool) return skip('the expired link needs DATABASE_URL (it is aged in the database)');
    await pool.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [account.email],
    );
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('another-pass');
    await page.getByLabel('Repeat the new password').fill('another-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This reset link has expired (links last one hour)' })
      .waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reset-expired-mobile.png`, fullPage: true });
    // The owner is still signed in: nothing changed.
    expect(await signedInStatus(owner)).toBe(200);
  });
});
