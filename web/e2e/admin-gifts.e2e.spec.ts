import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  graphqlAs,
  newAccount,
  registerViaApi,
  startE2eSession,
  toast,
  type E2eSession,
} from './support/e2e-session';
import { grantRole } from './support/staff-roles';

const VOID_GIFT = `mutation ($input: VoidGiftInput!) { staffVoidGift(input: $input) { status } }`;

describe('gifts in the staff console', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession({ PAYMENTS: 'local' });
  });
  afterAll(async () => {
    await session?.close();
  });

  /** A signed-in buyer who paid for a gift on the local checkout; answers the gift's id. */
  async function buyGift(buyer: Page) {
    await buyer.goto('/gifts');
    await buyer.getByRole('button', { name: 'Buy as a gift' }).click();
    await buyer.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'));
    await buyer.getByRole('button', { name: /^Pay/ }).click();
    await buyer.waitForURL((url) => url.pathname === '/gifts');
    await expect
      .poll(() => buyer.getByRole('list', { name: 'Your gifts' }).innerText())
      .toContain('Not redeemed yet');
    const { myGifts } = await graphqlAs<{ myGifts: { id: string }[] }>(buyer, '{ myGifts { id } }');
    return myGifts[0]!.id;
  }

  it('support finds a gift by the buyer’s email and voids it with a reason; a plain user is refused by the server', async () => {
    const buyer = await session.newPage();
    const buyerAccount = await registerViaApi(buyer, newAccount('giftbuyer'));
    const giftId = await buyGift(buyer);

    // A plain user: no console, and the server refuses the void itself, not only the page.
    const plain = await session.newPage();
    await registerViaApi(plain);
    const refused = await plain.request.post('/graphql', {
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
      data: { query: VOID_GIFT, variables: { input: { giftId, reason: 'I want it gone' } } },
    });
    const body = (await refused.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await plain.goto(`/admin?section=gifts&q=${encodeURIComponent(buyerAccount.email)}`);
    await plain.getByRole('heading', { name: /have access to the staff console/ }).waitFor();
    expect(await plain.getByRole('region', { name: 'Matching gifts' }).count()).toBe(0);

    // Roles are read when a session starts: the role first, then the sign-in.
    const scratch = await session.newPage();
    const support = await registerViaApi(scratch, newAccount('giftsupport'));
    await scratch.context().close();
    await grantRole(session, support, 'support');
    const staffPage = await session.newPage();
    await graphqlAs(
      staffPage,
      'mutation ($input: LoginInput!) { login(input: $input) { user { id } } }',
      { input: { email: support.email, password: support.password } },
    );
    await staffPage.goto('/admin?section=gifts');
    const nav = staffPage.getByRole('navigation', { name: 'Staff console' });
    await nav.getByRole('link', { name: 'Gifts' }).waitFor();
    await staffPage
      .getByRole('searchbox', { name: 'Code or buyer email' })
      .fill(buyerAccount.email);
    await staffPage.getByRole('button', { name: 'Search' }).click();
    const results = staffPage.getByRole('region', { name: 'Matching gifts' });
    const row = results.locator(`tr[data-gift-id="${giftId}"]`);
    await expect.poll(() => row.innerText()).toMatch(/unredeemed/i);
    expect(await row.innerText()).toContain(buyerAccount.email);
    expect(await row.innerText()).toContain('100');
    expect(await seriousViolations(staffPage, 'gifts search')).toEqual([]);

    await row.getByRole('button', { name: 'Void…' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Void this gift?' });
    await dialog.waitFor();
    // Cancel leaves it as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Void…' }).click();
    await dialog.getByRole('button', { name: 'Void and refund' }).click();
    expect(await dialog.innerText()).toContain('A reason is required (at least 3 characters)');
    await dialog.getByLabel('Reason').fill('Bought twice by mistake');
    await dialog.getByRole('button', { name: 'Void and refund' }).click();
    await expect.poll(() => toast(staffPage).innerText()).toContain('Gift voided');
    await expect.poll(() => row.innerText()).toMatch(/voided/i);
    expect(await row.innerText()).toContain('Bought twice by mistake');
    expect(await row.getByRole('button', { name: 'Void…' }).count()).toBe(0);

    // The buyer sees it voided too.
    await buyer.reload();
    await expect
      .poll(() => buyer.getByRole('list', { name: 'Your gifts' }).innerText())
      .toContain('Cancelled');
    await Promise.all([buyer, plain, staffPage].map((page) => page.context().close()));
  }, 240_000);
});
