import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  type E2eSession,
  MOBILE,
  newAccount,
  registerViaApi,
  startE2eSession,
  toast,
} from './support/e2e-session';

const STYLE_LINKS = [
  'Action Figure',
  'Ghibli Style',
  'Pixar Style',
  'Image to Anime',
  'Snoopy Comic',
  'Chibi',
];

describe('profile, subscription and the sidebar layout', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('subscribes through the hosted checkout and shows the plan, price, badge, credits and history', async () => {
    const page = await session.newPage();
    await registerViaApi(page);
    await page.goto('/profile');
    const subscription = page.getByRole('region', { name: 'Subscription' });
    await subscription.waitFor();
    expect(await subscription.innerText()).toContain('$0.00');
    expect(await subscription.getByText('Free', { exact: true }).count()).toBeGreaterThan(0);

    // Free: Upgrade Plan has no billing account to manage yet, so it leads to the plans.
    await subscription.getByRole('button', { name: 'Upgrade Plan' }).click();
    await page.waitForURL('**/pricing');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => toast(page).innerText()).toContain('Subscription started');

    await expect
      .poll(
        async () => {
          await page.reload();
          await subscription.waitFor();
          return subscription.innerText();
        },
        { timeout: 15_000 },
      )
      .toContain('Pro Plan');
    const card = await subscription.innerText();
    expect(card).toContain('$9.00');
    expect(card).toContain('Active');
    expect(await page.getByTestId('profile-credits').innerText()).toBe('305');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /305 credits/ })
      .waitFor();
    const history = page.getByRole('region', { name: 'Credit history' });
    await expect.poll(() => history.innerText()).toContain('Pro Plan credits');
    const text = await history.innerText();
    expect(text).toMatch(/\+300\s*Balance 305/);
    expect(text).toMatch(/Welcome credits[\s\S]*\+5\s*Balance 5/);

    await subscription.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/portal/'));
    await page.getByRole('button', { name: 'Back to Stylised' }).first().click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.context().close();
  });

  it('edits the full name and username: a taken username is refused in the form, a good one shows everywhere', async () => {
    const other = newAccount('taken');
    const setup = await session.newPage();
    await registerViaApi(setup, other);
    await setup.context().close();

    const page = await session.newPage();
    const account = await registerViaApi(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Full name').inputValue()).toBe(account.fullName);
    expect(await dialog.getByLabel('Username').inputValue()).toBe(account.username);

    await dialog.getByLabel('Username').fill('two words');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog
      .getByText('Username may only contain letters, numbers, dots, dashes and underscores')
      .waitFor();

    await dialog.getByLabel('Username').fill(other.username.toUpperCase());
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('This username is already taken').waitFor();
    expect(await seriousViolations(page, 'edit profile dialog with an error')).toEqual([]);

    const username = `${account.username}_new`;
    await dialog.getByLabel('Full name').fill('Ada King');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => toast(page).innerText()).toContain('Profile updated');
    // The toast can show a frame before the profile renders the updated cache.
    await expect
      .poll(() => page.locator('#profile-name, h2').filter({ hasText: 'Ada King' }).count())
      .toBeGreaterThan(0);
    await page.getByText(`@${username}`).waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Account menu for Ada King' })
      .waitFor();

    await page.reload();
    await page.getByText(`@${username}`).waitFor();
    // Escape closes the dialog and changes nothing.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await dialog.getByLabel('Full name').fill('Not saved');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText('Not saved').count()).toBe(0);
    await page.context().close();
  });

  it('collapses the desktop sidebar, and offers Login when signed out', async () => {
    const page = await session.newPage();
    await page.goto('/ghibli');
    const sidebar = page.getByRole('complementary', { name: 'Styles and credits' });
    const nav = sidebar.getByRole('navigation', { name: 'Style creators' });
    await nav.waitFor();
    for (const name of STYLE_LINKS)
      expect(await nav.getByRole('link', { name: new RegExp(`^${name}`) }).count(), name).toBe(1);
    expect(await nav.innerText()).toContain('Soft, hand-painted anime scenes');

    await expect.poll(() => sidebar.innerText()).toContain('Login Required');
    await sidebar.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('dialog', { name: 'Welcome back' }).waitFor();
    await page.keyboard.press('Escape');

    const wide = (await sidebar.boundingBox())!.width;
    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(wide / 2);
    await page.reload();
    await sidebar.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(wide);
    await page.context().close();
  });

  it('opens the sidebar as a drawer at 375 px, with the credits widget low at 5 credits', async () => {
    const page = await session.newPage({ viewport: MOBILE });
    await registerViaApi(page);
    await page.goto('/pixar');
    const sidebar = page.getByRole('complementary', {
      name: 'Styles and credits',
      includeHidden: true,
    });
    const open = page.getByRole('button', { name: /Styles & credits/ });
    await open.waitFor();
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
    const closedBox = await sidebar.boundingBox();
    expect(closedBox === null || closedBox.x + closedBox.width <= 0).toBe(true);

    await open.click();
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    expect(await sidebar.evaluate((element) => element.contains(document.activeElement))).toBe(
      true,
    );
    const widget = sidebar.locator('[data-low]');
    await expect.poll(() => widget.getAttribute('data-low')).toBe('true');
    expect(await widget.innerText()).toMatch(/Credits\s*5/i);
    expect(await widget.getByRole('link', { name: 'Add Credits' }).getAttribute('href')).toBe(
      '/pricing',
    );

    await page.keyboard.press('Escape');
    await expect.poll(() => open.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      'Styles & credits',
    );

    await open.click();
    await sidebar.getByRole('link', { name: /^Chibi/ }).click();
    await page.waitForURL('**/chibi');
    await expect.poll(() => open.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.context().close();
  });
});
