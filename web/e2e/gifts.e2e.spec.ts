import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newAccount,
  registerViaApi,
  startE2eSession,
  type E2eSession,
} from './support/e2e-session';

describe('gift codes in the browser', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession({ PAYMENTS: 'local' });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('buy a gift, open its printable card, and redeem it as a new visitor who signs up on the way', async () => {
    // The buyer: a pack as a gift with a message, paid on the local hosted checkout.
    const buyer = await session.newPage();
    await registerViaApi(buyer);
    await buyer.goto('/gifts');
    await buyer.getByLabel('Message').fill('Happy birthday, Sam!');
    await buyer.getByRole('button', { name: 'Buy as a gift' }).click();
    await buyer.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'));
    await buyer.getByRole('button', { name: /^Pay/ }).click();
    await buyer.waitForURL((url) => url.pathname === '/gifts');
    const gifts = buyer.getByRole('list', { name: 'Your gifts' });
    await expect.poll(() => gifts.innerText()).toContain('Not redeemed yet');

    await gifts.getByRole('link', { name: 'Gift card' }).first().click();
    await buyer.waitForURL((url) => url.pathname === '/gift-card');
    const card = buyer.getByRole('article', { name: 'Gift card' });
    await card.waitFor();
    expect(await card.innerText()).toContain('100 credits');
    expect(await card.innerText()).toContain('Happy birthday, Sam!');
    const code = (await buyer.getByTestId('gift-code').innerText()).trim();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    // Printed, only the card shows.
    await buyer.emulateMedia({ media: 'print' });
    expect(await buyer.getByRole('button', { name: 'Print gift card' }).isVisible()).toBe(false);
    expect(await buyer.getByRole('banner').isVisible()).toBe(false);
    expect(await card.isVisible()).toBe(true);
    await buyer.emulateMedia({ media: 'screen' });

    // A visitor with the code: asked to sign up, then the redemption continues by itself.
    const visitor = await session.newPage();
    await visitor.goto('/redeem');
    await visitor.getByLabel('Gift code').fill(code.toLowerCase());
    await visitor.getByRole('button', { name: 'Sign up to redeem' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Create your account' });
    await dialog.waitFor();
    const account = newAccount('giftee');
    await dialog.getByLabel('Full name', { exact: false }).fill(account.fullName);
    await dialog.getByLabel('Username', { exact: false }).fill(account.username);
    await dialog.getByLabel('Email', { exact: false }).fill(account.email);
    await dialog.getByLabel('Password', { exact: false }).fill(account.password);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    const done = visitor.getByRole('status').filter({ hasText: 'credits added' });
    await done.waitFor();
    expect(await done.innerText()).toContain('100 credits added to your account');

    // The statement shows the gift's credits.
    await done.getByRole('link', { name: 'See your credit history' }).click();
    await visitor.waitForURL((url) => url.pathname === '/profile');
    const main = visitor.getByRole('main');
    await expect.poll(() => main.innerText()).toContain('Gift credits');
    expect(await main.innerText()).toMatch(/105\s*credits/i);

    // The buyer sees it redeemed.
    await buyer.goto('/gifts');
    await expect
      .poll(() => buyer.getByRole('list', { name: 'Your gifts' }).innerText())
      .toContain('Redeemed');
  }, 120_000);
});
