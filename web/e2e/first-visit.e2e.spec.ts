import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { type E2eSession, registerViaApi, startE2eSession, toast } from './support/e2e-session';

/** The two screens a new user was followed on (issue 13). */
const LAPTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;
const SCREENS = [
  ['1280x800', LAPTOP],
  ['390x844', PHONE],
] as const;

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const scrollToBottom = async (page: Page) => {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
};

describe('what a new user found on the way through (issue 13)', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it.each(SCREENS)(
    'logs out from the profile to the root and stays there (%s)',
    async (_name, viewport) => {
      const page = await session.newPage({ viewport });
      await registerViaApi(page);
      await page.goto('/profile');
      const logout = page.getByRole('main').getByRole('button', { name: 'Logout' });
      await logout.click();
      await expect.poll(() => toast(page).innerText()).toContain('Logged out');
      expect(new URL(page.url()).pathname).toBe('/');
      // Nothing sends the visitor on to /auth afterwards.
      await page.waitForTimeout(1_500);
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('tab', { name: 'Sign In' }).count()).toBe(0);
      await page.context().close();
    },
  );

  it.each(SCREENS)(
    'opens every full page load at the top, and Back within the app where the visitor was (%s)',
    async (_name, viewport) => {
      const page = await session.newPage({ viewport });
      await registerViaApi(page);
      await page.goto('/profile');
      await page.getByRole('region', { name: 'Subscription' }).waitFor();
      await scrollToBottom(page);

      // A typed URL: a new page load in the same tab.
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Choose Pro' }).waitFor();
      await page.waitForTimeout(300);
      expect(await scrollY(page)).toBe(0);

      // A reload.
      await scrollToBottom(page);
      await page.reload();
      await page.getByRole('button', { name: 'Choose Pro' }).waitFor();
      await page.waitForTimeout(300);
      expect(await scrollY(page)).toBe(0);

      // Back to Stylised from the billing portal is a full load of /profile.
      await page.goto('/profile');
      await page.getByRole('region', { name: 'Subscription' }).waitFor();
      await page.waitForTimeout(300);
      expect(await scrollY(page)).toBe(0);

      // Within the app, Back still returns to the offset the visitor left.
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Choose Pro' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect.poll(() => scrollY(page)).toBe(400);
      // Clicked where it is (a locator's click would first scroll the footer into view).
      await page.evaluate(() =>
        document.querySelector<HTMLAnchorElement>('footer a[href="/about"]')!.click(),
      );
      await page.waitForURL('**/about');
      await expect.poll(() => scrollY(page)).toBe(0);
      await page.goBack();
      await page.waitForURL('**/pricing');
      await expect.poll(() => scrollY(page)).toBe(400);
      await page.context().close();
    },
  );

  it('offers My creations in the avatar menu and the mobile menu, with one generation time on the action figure page', async () => {
    const page = await session.newPage({ viewport: LAPTOP });
    const account = await registerViaApi(page);
    await page.goto('/action-figure');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('30–60');
    expect(text).toContain('10–30 seconds');
    await page.getByRole('button', { name: `Account menu for ${account.fullName}` }).click();
    const menu = page.getByRole('menu', { name: 'Account' });
    expect((await menu.getByRole('menuitem').allInnerTexts()).map((item) => item.trim())).toEqual([
      'Profile',
      'My creations',
      'Logout',
    ]);
    expect(await seriousViolations(page, 'account menu with My creations')).toEqual([]);
    await menu.getByRole('menuitem', { name: 'My creations' }).click();
    await page.waitForURL('**/creations');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.context().close();

    const phone = await session.newPage({ viewport: PHONE });
    await registerViaApi(phone);
    await phone.goto('/');
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('link', { name: 'My creations' }).first().click();
    await phone.waitForURL('**/creations');
    await phone.context().close();
  });
});
