import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eSession,
  MOBILE,
  newAccount,
  registerViaApi,
  startE2eSession,
  toast,
} from './support/e2e-session';

const fillModal = async (
  page: Page,
  values: Partial<Record<'Full name' | 'Username' | 'Email' | 'Password', string>>,
) => {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values))
    await dialog.getByLabel(label, { exact: false }).fill(value);
};

/** Whether two elements' boxes on screen share any pixel. */
const overlap = async (a: Locator, b: Locator) => {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  if (!first || !second) throw new Error('an element has no box');
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
};

const focusedControl = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('data-focus-return') ?? element?.getAttribute('aria-label');
  });

/** Opens the sign-in dialog from the sidebar's Login, closes it with Escape: what has focus then. */
const focusAfterSidebarLoginAndEscape = async (page: Page) => {
  await page.getByRole('complementary').getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('dialog', { name: 'Welcome back' }).waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  return focusedControl(page);
};

describe('signing up, in and out in the browser', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('registers from the header, sees 5 credits in the header, sidebar and profile, and logs out', async () => {
    const page = await session.newPage();
    const account = newAccount('reg');
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.waitFor();
    // The page behind the modal is inert (screen readers cannot wander out); the toasts are not.
    const inertState = () =>
      page.evaluate(() => ({
        header: document.querySelector('header')?.closest('[inert]') !== null,
        toasts: document.querySelector('[aria-label="Notifications"]')?.closest('[inert]') !== null,
      }));
    expect(await inertState()).toEqual({ header: true, toasts: false });
    await fillModal(page, {
      'Full name': account.fullName,
      Username: account.username,
      Email: account.email,
      Password: account.password,
    });
    await dialog.getByRole('button', { name: 'Create Account' }).click();

    await expect.poll(() => toast(page).innerText()).toContain('Account created!');
    expect(await toast(page).innerText()).toContain(
      "Welcome! You've been logged in automatically.",
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await inertState()).toEqual({ header: false, toasts: false });
    const headerCredits = page.getByRole('banner').getByRole('link', { name: /5 credits/ });
    await headerCredits.waitFor();
    expect((await headerCredits.innerText()).trim()).toBe('5');

    await page.getByRole('link', { name: 'Ghibli Style' }).first().click();
    const sidebar = page.getByRole('complementary', { name: 'Styles and credits' });
    await expect.poll(() => sidebar.innerText()).toMatch(/credits\s*5/i);
    expect(await sidebar.innerText()).toContain('1 generation remaining');

    await page.getByRole('button', { name: `Account menu for ${account.fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    const main = page.getByRole('main');
    await expect.poll(() => main.innerText()).toContain(account.email);
    expect(await main.innerText()).toMatch(/5\s*credits/i);
    expect(await main.getByText(`@${account.username}`).count()).toBe(1);

    await page.getByRole('button', { name: `Account menu for ${account.fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('Logged out successfully');
    expect(await toast(page).innerText()).toContain("You've been signed out of your account.");
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key === 'authToken')),
    ).toEqual([]);
    await page.context().close();
  });

  it('validates the modal on the client and shows the server’s login errors as toasts', async () => {
    const page = await session.newPage();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    // Focus moves into the dialog; the header behind it is rendered anew as the client loads.
    await expect.poll(() => focusedControl(page)).toBe('Close');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    expect(await dialog.getByText('Email is required').count()).toBe(1);
    expect(await dialog.getByText('Password is required').count()).toBe(1);

    await fillModal(page, { Email: 'not-an-email', Password: '123' });
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    expect(await dialog.getByText('Please enter a valid email address').count()).toBe(1);
    expect(await dialog.getByText('Password must be at least 6 characters').count()).toBe(1);

    await fillModal(page, { Email: 'nobody@example.com', Password: 'wrong-password' });
    expect(await dialog.getByText('Please enter a valid email address').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('Authentication failed');
    expect(await toast(page).innerText()).toContain('Invalid email or password');
    for (const control of [
      dialog.getByRole('heading'),
      dialog.getByRole('button', { name: 'Close' }),
    ])
      expect(await overlap(toast(page), control)).toBe(false);

    // Toggling to register clears the form and asks for full name and username too.
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    const register = page.getByRole('dialog', { name: 'Create your account' });
    expect(await register.getByLabel('Email').inputValue()).toBe('');
    await register.getByRole('button', { name: 'Create Account' }).click();
    expect(await register.getByText('Full name is required').count()).toBe(1);
    expect(await register.getByText('Username is required').count()).toBe(1);

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await focusedControl(page)).toBe('header-sign-in');
    await page.context().close();
  });

  it('gives focus back to the phone menu’s button, and to the sidebar’s Login (a drawer on phones), when the dialog closes', async () => {
    const phone = await session.newPage({ viewport: MOBILE });
    await phone.goto('/');
    await phone.getByRole('button', { name: 'Open menu' }).click();
    // The menu closes as the dialog opens: its Sign In is gone when the dialog closes.
    await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = phone.getByRole('dialog', { name: 'Welcome back' });
    await fillModal(phone, { Email: 'nobody@example.com', Password: 'wrong-password' });
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toast(phone).innerText()).toContain('Authentication failed');
    for (const control of [
      phone.getByRole('button', { name: 'Open menu' }),
      dialog.getByRole('button', { name: 'Close' }),
      dialog.getByRole('heading'),
    ])
      expect(await overlap(toast(phone), control)).toBe(false);
    await phone.keyboard.press('Escape');
    await expect.poll(() => phone.getByRole('dialog').count()).toBe(0);
    expect(await focusedControl(phone)).toBe('Open menu');
    await phone.context().close();

    // A phone's sidebar is a drawer: Escape closes the dialog over it, not the drawer too.
    const drawerPhone = await session.newPage({ viewport: MOBILE });
    await drawerPhone.goto('/ghibli');
    await drawerPhone.getByRole('button', { name: /Styles & credits/ }).click();
    expect(await focusAfterSidebarLoginAndEscape(drawerPhone)).toBe('sidebar-login');
    expect(
      await drawerPhone
        .getByRole('button', { name: /Styles & credits/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    await drawerPhone.context().close();

    const laptop = await session.newPage();
    await laptop.goto('/ghibli');
    expect(await focusAfterSidebarLoginAndEscape(laptop)).toBe('sidebar-login');
    await laptop.context().close();
  });

  it('keeps a two-line toast off a phone’s sign-up sheet, scrolled or not (360 × 640)', async () => {
    const existing = await registerViaApi(await session.newPage());
    const page = await session.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Get Started', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Create your account' });
    await fillModal(page, {
      'Full name': 'Pat Doe',
      Username: `taken${Date.now()}`,
      Email: existing.email,
      Password: 'secret123',
    });
    await sheet.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('already exists');
    expect((await toast(page).boundingBox())!.height).toBeGreaterThan(100);
    // The sheet scrolls inside itself; the space above it stays the toast's.
    for (const control of [
      sheet,
      sheet.getByRole('heading'),
      sheet.getByRole('button', { name: 'Close' }),
      sheet.getByRole('button', { name: 'Create Account' }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      expect(await overlap(toast(page), control)).toBe(false);
    }
    expect(await overlap(toast(page), sheet.getByRole('button', { name: 'Close' }))).toBe(false);
    await page.context().close();
  });

  it('signs in on /auth (Login failed, Registration failed, then Welcome back and a redirect to /)', async () => {
    const page = await session.newPage();
    const existing = await registerViaApi(await session.newPage());
    await page.goto('/auth');
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Email').fill(existing.email);
    await form.getByLabel('Password').fill('wrong-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('Login failed');
    expect(await toast(page).innerText()).toContain('Invalid email or password');
    expect(await overlap(toast(page), page.getByRole('tablist'))).toBe(false);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    expect(await form.getByLabel('Email').inputValue()).toBe('');
    await form.getByLabel('Username').fill(`${existing.username}x`);
    await form.getByLabel('Email').fill(existing.email);
    await form.getByLabel('Password').fill(existing.password);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('Registration failed');
    expect(await toast(page).innerText()).toContain('An account with this email already exists');

    await page.getByRole('tab', { name: 'Sign In' }).click();
    await form.getByLabel('Email').fill(existing.email);
    await form.getByLabel('Password').fill(existing.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('Welcome back!');
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /5 credits/ })
      .waitFor();

    // Signed in: /auth sends the visitor home.
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('reports Google sign-in being unavailable, and restores the saved path after an external sign-in', async () => {
    const page = await session.newPage();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await expect
      .poll(() => toast(page).innerText())
      .toContain('Google sign-in is not available right now');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe('/');

    await page.evaluate(() => sessionStorage.setItem('redirectAfterLogin', '/pricing'));
    await page.goto('/?auth_success=true');
    await page.waitForURL((url) => url.pathname === '/pricing' && url.search === '');
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBeNull();
    await page.context().close();
  });

  it('follows the phone menu’s Profile link when signed in', async () => {
    const page = await session.newPage({ viewport: MOBILE });
    await registerViaApi(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await page.context().close();
  });
});
