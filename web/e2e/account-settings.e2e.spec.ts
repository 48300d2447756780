import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startLocalSmtpServer,
  type LocalSmtpServer,
} from '../../api/src/mail/testing/local-smtp-server';
import { type E2eSession, registerViaApi, startE2eSession, toast } from './support/e2e-session';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;

const pathOf = (text: string, route: string) => {
  const match = new RegExp(`https?://[^/\\s]+(/${route}\\?token=[A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${route} link in:\n${text}`);
  return match[1]!;
};

const section = (page: Page) => page.getByRole('region', { name: 'Account and privacy' });

describe('the profile’s account and privacy section in the browser', () => {
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

  it('verifies the email, changes the password, asks for a new email, exports and deletes the account', async () => {
    const page = await session.newPage({ viewport: DESKTOP });
    const account = await registerViaApi(page);
    await page.goto('/profile');
    const settings = section(page);
    await settings.getByText('Not verified').waitFor();
    if (SHOTS) {
      await settings.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/profile-settings-desktop.png`, fullPage: true });
    }

    // The sign-up mail confirms the address.
    const confirmation = await smtp.waitFor(account.email, /Confirm your email/);
    await page.goto(pathOf(confirmation.text, 'verify-email'));
    await page.getByRole('status').filter({ hasText: 'your email is confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Go to my profile' }).click();
    await section(page).getByText('Verified', { exact: true }).waitFor();

    // Change of password asks for the current one.
    await section(page).getByRole('button', { name: 'Change password' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel(/^Current password/).fill('wrong-password');
    await dialog.getByLabel(/^New password/).fill('better-pass-2');
    await dialog.getByLabel(/^Repeat the new password/).fill('better-pass-2');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('Your current password is not correct').waitFor();
    await dialog.getByLabel(/^Current password/).fill(account.password);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('Password changed');

    // A new email waits for its confirmation.
    await section(page).getByRole('button', { name: 'Change email' }).click();
    dialog = page.getByRole('dialog', { name: 'Change email' });
    const next = `next-${account.email}`;
    await dialog.getByLabel(/^New email/).fill(next);
    await dialog.getByLabel(/^Current password/).fill('better-pass-2');
    await dialog.getByRole('button', { name: 'Send confirmation' }).click();
    await section(page).getByText(`Waiting for confirmation: ${next}`).waitFor();
    await smtp.waitFor(next, /Confirm your new email/);

    // Download my data.
    await section(page).getByRole('button', { name: 'Download my data' }).click();
    const download = section(page).getByRole('link', { name: 'Download ZIP' });
    await download.waitFor({ timeout: 30_000 });
    const href = await download.getAttribute('href');
    const zip = await page.context().request.get(href!);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');

    // Delete, confirmed with the password.
    await page.setViewportSize(PHONE);
    await section(page).getByRole('button', { name: 'Delete my account' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Delete my account forever' }).click();
    await dialog.getByText('Enter your current password').waitFor();
    await dialog.getByLabel(/^Your password/).fill('better-pass-2');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-dialog-mobile.png` });
    await dialog.getByRole('button', { name: 'Delete my account forever' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('Account deleted');
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await page.context().request.get('/api/auth/user')).status()).toBe(401);
  });

  it('shows the section on a phone', async () => {
    const page = await session.newPage({ viewport: PHONE });
    await registerViaApi(page);
    await page.goto('/profile');
    await section(page).getByText('Not verified').waitFor();
    if (SHOTS) {
      await section(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/profile-settings-mobile.png`, fullPage: true });
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
