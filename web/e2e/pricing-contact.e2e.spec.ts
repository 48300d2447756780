import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2eSession,
  graphqlAs,
  newAccount,
  registerViaApi,
  startE2eSession,
  toast,
} from './support/e2e-session';

/** Intercepts one GraphQL operation by name; everything else goes to the server. */
const onOperation = (page: Page, operationName: string, handle: (route: Route) => Promise<void>) =>
  page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName === operationName) return handle(route);
    return route.fallback();
  });

const toastCards = (page: Page) =>
  toast(page).getByRole('button', { name: 'Dismiss notification' });

describe('pricing and contact against the real server', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows the server’s plans, and Error Loading Plans with a Retry that reloads the page', async () => {
    const page = await session.newPage();
    await onOperation(page, 'SubscriptionPlans', (route) =>
      route.fulfill({ status: 500, body: 'boom' }),
    );
    await page.goto('/pricing');
    const alert = page.getByRole('alert').filter({ hasText: 'Error Loading Plans' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(
      'Unable to load subscription plans. Please try again later.',
    );

    await page.unroute('**/graphql');
    const reloaded = page.waitForEvent('load');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await reloaded;
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    expect(
      await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label'))),
    ).toEqual(['Free plan', 'Pro Plan', 'Ultra Plan', '100 credits pack', '500 credits pack']);
    const prices = await page.getByRole('article').allInnerTexts();
    expect(prices[0]).toContain('$0');
    expect(prices[1]).toMatch(/\$9\b/);
    expect(prices[1]).toContain('Most Popular');
    expect(prices[2]).toMatch(/\$19\b/);
    expect(await page.getByRole('link', { name: 'Start Free' }).getAttribute('href')).toBe(
      '/action-figure-creator',
    );
    // The account line of a visitor: links to /auth.
    expect(
      await page.getByRole('link', { name: 'Get Started', exact: true }).getAttribute('href'),
    ).toBe('/auth?mode=register');

    // Signed out: a paid plan opens the auth modal.
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.getByRole('dialog', { name: 'Welcome back' }).waitFor();
    await page.context().close();
  });

  it('shows Processing... while the checkout is created, then sends the browser to it', async () => {
    const page = await session.newPage();
    await registerViaApi(page);
    await onOperation(page, 'CreateSubscriptionCheckout', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.fallback();
    });
    await page.goto('/pricing');
    // The account line of a signed-in user: the credits and a link to the profile.
    await page.getByRole('link', { name: 'View your profile' }).waitFor();
    expect(await page.locator('main').innerText()).toMatch(/Credits:\s*5 credits/);
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Choose Ultra' }).isDisabled()).toBe(true);
    await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'));
    await page.context().close();
  });

  it('marks a signed-in user’s plan: Free, then Pro once paid, with Manage and Switch on your profile', async () => {
    const page = await session.newPage();
    await registerViaApi(page);
    await page.goto('/pricing');
    const free = page.getByRole('article', { name: 'Free plan' });
    await free.getByText('Your plan').waitFor();
    expect(await free.getAttribute('aria-current')).toBe('true');
    expect(await free.getByRole('link', { name: 'Start Creating' }).getAttribute('href')).toBe(
      '/action-figure-creator',
    );
    const band = page.getByRole('region', { name: 'Ready to meet your character?' });
    expect(await band.getByRole('link', { name: 'Start Creating' }).count()).toBe(1);
    expect(await band.getByRole('link', { name: 'Get Started Free' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/profile', { timeout: 20_000 });
    await expect
      .poll(
        async () =>
          (await graphqlAs<{ me: { currentPlan: string } }>(page, '{ me { currentPlan } }')).me
            .currentPlan,
        { timeout: 15_000 },
      )
      .toBe('Pro Plan');
    await page.goto('/pricing');
    const pro = page.getByRole('article', { name: 'Pro Plan' });
    await pro.getByText('Your plan').waitFor();
    expect(
      await pro.getByRole('link', { name: 'Manage on your profile' }).getAttribute('href'),
    ).toBe('/profile');
    expect(await pro.getByRole('button', { name: 'Choose Pro' }).count()).toBe(0);
    const ultra = page.getByRole('article', { name: 'Ultra Plan' });
    expect(
      await ultra.getByRole('link', { name: 'Switch on your profile' }).getAttribute('href'),
    ).toBe('/profile');
    expect(await ultra.getByRole('button', { name: /^Choose/ }).count()).toBe(0);
    expect(await free.getByText('Your plan').count()).toBe(0);
    expect(await free.getByRole('link', { name: 'Start Creating' }).count()).toBe(1);
    await page.context().close();
  });

  it('sells credit packs under the plans: a visitor signs in, continues to the checkout, pays, and sees the credits', async () => {
    const setup = await session.newPage();
    const account = await registerViaApi(setup, newAccount('pack'));
    await setup.context().close();

    const page = await session.newPage();
    await page.goto('/pricing');
    const pack = page.getByRole('article', { name: '100 credits pack' });
    expect(await pack.innerText()).toMatch(/\$4\.99[\s\S]*20 generations · valid for 24 months/);
    expect(await page.getByRole('article', { name: '500 credits pack' }).innerText()).toContain(
      '$19.99',
    );
    await pack.getByRole('button', { name: 'Buy 100 credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'Sign in to continue to the 100 credits pack checkout.',
    );
    await dialog.getByLabel('Email', { exact: false }).fill(account.email);
    await dialog.getByLabel('Password', { exact: false }).fill(account.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    // The pack's checkout opens by itself after signing in.
    await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'), {
      timeout: 20_000,
    });
    expect(await page.locator('body').innerText()).toContain('100 credits');
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await page.waitForURL((url) => url.pathname === '/profile', { timeout: 20_000 });
    await toast(page).getByText('Credits purchased').waitFor();
    const me = await graphqlAs<{ me: { credits: number; currentPlan: string } }>(
      page,
      '{ me { credits currentPlan } }',
    );
    expect(me.me).toEqual({ credits: 105, currentPlan: 'Free' });
    await page.context().close();
  });

  it('shows Subscription Error and Checkout Error toasts, one at a time', async () => {
    const page = await session.newPage();
    await registerViaApi(page);
    let answer: 'user' | 'masked' = 'user';
    await onOperation(page, 'CreateSubscriptionCheckout', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          data: null,
          errors: [
            answer === 'user'
              ? { message: 'Unknown plan "pro"', extensions: { code: 'BAD_USER_INPUT' } }
              : { message: 'Unexpected error.' },
          ],
        }),
      }),
    );
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('Subscription Error');
    expect(await toast(page).innerText()).toContain('Unknown plan "pro"');
    expect(await page.getByRole('button', { name: 'Choose Pro' }).isEnabled()).toBe(true);

    answer = 'masked';
    await page.getByRole('button', { name: 'Choose Ultra' }).click();
    await expect.poll(() => toast(page).innerText()).toContain('Checkout Error');
    expect(await toastCards(page).count()).toBe(1);
    await page.context().close();
  });

  it('validates the contact form, counts to 1000, and stores a valid message on the server', async () => {
    const page = await session.newPage();
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send message' }).click();
    for (const message of [
      'Name is required',
      'Email is required',
      'Please select a category',
      'Message is required',
      'You must consent to data processing to submit this form',
    ]) {
      expect(await form.getByText(message, { exact: true }).count(), message).toBe(1);
    }
    await form.getByLabel('Name').fill('Ada Lovelace');
    expect(await form.getByText('Name is required').count()).toBe(0);
    await form.getByLabel('Email').fill('ada@');
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('  too short  ');
    await form.getByRole('button', { name: 'Send message' }).click();
    expect(await form.getByText('Please enter a valid email address').count()).toBe(1);
    expect(await form.getByText('Message must be at least 10 characters long').count()).toBe(1);
    expect(await form.getByText('13/1000').count()).toBe(1);

    const text = `Hello from the end-to-end test ${Date.now()}. My chibi download failed.`;
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Category').selectOption('technical');
    await form.getByLabel('Subject').fill('Download');
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
    await form.getByLabel(/I agree that my details are processed/).check();
    const stored = page.waitForResponse(
      (response) =>
        response.url().endsWith('/graphql') &&
        response.request().postData()?.includes('SubmitContactMessage') === true,
    );
    await form.getByRole('button', { name: 'Send message' }).click();
    const receipt = (await (await stored).json()) as {
      data: { submitContactMessage: { id: string } };
    };
    expect(receipt.data.submitContactMessage.id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => toast(page).innerText()).toContain('Message Sent Successfully!');
    expect(await toast(page).innerText()).toContain(
      "We'll get back to you within our standard response time.",
    );
    expect(await form.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Name').inputValue()).toBe('');

    if (session.server.pool) {
      const { rows } = await session.server.pool.query(
        'SELECT name, email, subject, category, message, gdpr_consent FROM contact_messages WHERE id = $1',
        [receipt.data.submitContactMessage.id],
      );
      expect(rows).toEqual([
        {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          subject: 'Download',
          category: 'technical',
          message: text,
          gdpr_consent: true,
        },
      ]);
    }

    // The maximum is enforced by the server too, with its message under the field.
    await expect(
      graphqlAs(
        page,
        'mutation ($input: ContactMessageInput!) { submitContactMessage(input: $input) { id } }',
        {
          input: {
            name: 'A',
            email: 'a@example.com',
            category: 'GENERAL',
            message: 'x'.repeat(1001),
            gdprConsent: true,
          },
        },
      ),
    ).rejects.toThrow('Message must be at most 1000 characters long');
    await page.context().close();
  });

  it('records the About page view with our own endpoint and no third party', async () => {
    const page = await session.newPage();
    const hosts = new Set<string>();
    page.on('request', (request) => hosts.add(new URL(request.url()).host));
    const view = page.waitForResponse((response) =>
      response.url().endsWith('/api/analytics/page-view'),
    );
    await page.goto('/about');
    const response = await view;
    expect(response.request().method()).toBe('POST');
    // 204: the server took it as a valid {path} (anything else is a 400).
    expect(response.status()).toBe(204);
    await page.locator('h1').first().waitFor();
    if (session.server.pool) {
      const { rows } = await session.server.pool.query(
        "SELECT views::int AS views FROM page_view_counts WHERE path = '/about'",
      );
      expect(rows).toEqual([{ views: 1 }]);
    }
    expect([...hosts]).toEqual([new URL(session.server.url).host]);
    await page.context().close();
  });
});
