import fs from 'node:fs/promises';
import { runtimeFilePath } from '@app/projections';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePhoto } from '../../api/src/testing/fixtures';
import { seriousViolations } from './support/axe';
import {
  type E2eSession,
  newAccount,
  registerViaApi,
  startE2eSession,
  toast,
} from './support/e2e-session';

/** The two screens a new user was followed on (issue 13). */
const LAPTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;
const SCREENS = [
  ['1280x800', LAPTOP],
  ['390x844', PHONE],
] as const;

/** Operator commands (advance a local subscription), as `npm run admin` sends them. */
const OPERATOR_TOKEN = 'issue-13-operator-token';
const operatorToken = async (session: E2eSession) => {
  // Embedded mode (no DATABASE_URL) makes its own token and writes it to the runtime file.
  const file = runtimeFilePath(session.server.dataDir);
  const fromFile = await fs
    .readFile(file, 'utf8')
    .then((text) => (JSON.parse(text) as { operatorToken?: string }).operatorToken)
    .catch(() => undefined);
  return fromFile ?? OPERATOR_TOKEN;
};

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const scrollToBottom = async (page: Page) => {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
};

/** A GraphQL read sent as JSON (the header's signed-in probe, page queries): not a generation. */
function isReadOnlyQuery(body: string | null): boolean {
  if (!body) return false;
  try {
    const { query } = JSON.parse(body) as { query?: unknown };
    return typeof query === 'string' && !/^\s*mutation\b/.test(query);
  } catch {
    return false;
  }
}

describe('what a new user found on the way through (issue 13)', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession({ OPERATOR_TOKEN });
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

  it('keeps Create Action Figure in the first screen of a laptop and in view while the long form is edited', async () => {
    const page = await session.newPage({ viewport: LAPTOP });
    await registerViaApi(page);
    await page.goto('/action-figure');
    const create = page
      .getByTestId('creator-tool')
      .getByRole('button', { name: /Create Action Figure/ });
    await create.waitFor();
    const inView = async () => {
      const box = await create.boundingBox();
      return Boolean(box && box.y >= 0 && box.y + box.height <= LAPTOP.height);
    };
    expect(await inView()).toBe(true);
    // Half-way down the configuration (professions, accessories) it is still at the foot of the screen.
    await page.getByRole('heading', { name: 'Add your photo' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -300));
    expect(await inView()).toBe(true);
    await page.screenshot({ path: '/tmp/issue13-action-figure-create-in-view.png' });
    await page.context().close();
  });

  it.each(SCREENS)(
    "continues to the chosen plan's checkout after signing in from Choose Pro, with words that fit (%s)",
    async (_name, viewport) => {
      const setup = await session.newPage();
      const account = await registerViaApi(setup, newAccount('pro'));
      await setup.context().close();

      const page = await session.newPage({ viewport });
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Choose Pro' }).click();
      const dialog = page.getByRole('dialog', { name: 'Welcome back' });
      await dialog.waitFor();
      const words = await dialog.innerText();
      expect(words).toContain('Sign in to continue to the Pro Plan checkout.');
      expect(words).not.toContain('generate');
      expect(await seriousViolations(page, 'sign-in modal from Choose Pro')).toEqual([]);
      await dialog.getByLabel('Email', { exact: false }).fill(account.email);
      await dialog.getByLabel('Password', { exact: false }).fill(account.password);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      // No second click: the Pro checkout opens by itself.
      await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'), {
        timeout: 20_000,
      });
      expect(await page.locator('body').innerText()).toMatch(/Pro/);
      // Back returns to the plans without starting another checkout.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/pricing');
      expect(new URL(page.url()).search).toBe('');
      await page.getByRole('button', { name: 'Choose Pro' }).waitFor();
      await page.waitForTimeout(1_000);
      expect(new URL(page.url()).pathname).toBe('/pricing');
      await page.context().close();
    },
  );

  it('says "generate" in the sign-in modal only when a creator opened it', async () => {
    const page = await session.newPage({ viewport: LAPTOP });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    expect(await dialog.innerText()).toContain(
      'Sign in to see your credits, creations and subscription.',
    );
    await page.keyboard.press('Escape');
    await page.goto('/creations');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    expect(await dialog.innerText()).toContain('Sign in to see your creations.');
    await page.context().close();
  });

  it.each(SCREENS)(
    'says at once that a text file named .png is not a readable image, with no broken preview (%s)',
    async (name, viewport) => {
      const page = await session.newPage({ viewport });
      await registerViaApi(page);
      const generations: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'POST' || isReadOnlyQuery(request.postData())) return;
        generations.push(request.url());
      });
      for (const path of ['/ghibli', '/action-figure']) {
        await page.goto(path);
        const tool = page.getByTestId('creator-tool');
        await tool.waitFor();
        const before = generations.length;
        await tool.locator('input[type=file]').setInputFiles({
          name: 'holiday.png',
          mimeType: 'image/png',
          buffer: Buffer.from('This is a text file, not a photo.\n'),
        });
        const error = tool.getByRole('alert').filter({ hasText: 'not a readable image' });
        await error.waitFor({ timeout: 5_000 });
        expect(await error.innerText()).toBe(
          'This file is not a readable image: it may be damaged or not a photo at all. Please choose another JPG, PNG or WEBP photo.',
        );
        expect(await tool.getByAltText('Preview of your photo').count()).toBe(0);
        const broken = await page.evaluate(
          () =>
            [...document.querySelectorAll('img')].filter(
              (image) =>
                image.complete &&
                image.naturalWidth === 0 &&
                image.src &&
                // A lazy image below the fold is not requested yet (Chromium calls it complete).
                !(image.loading === 'lazy' && image.getBoundingClientRect().top > innerHeight),
            ).length,
        );
        expect(broken).toBe(0);
        expect(generations.length).toBe(before);
        expect(await seriousViolations(page, `${path} with an unreadable file`)).toEqual([]);
        await page.screenshot({ path: `/tmp/issue13-unreadable-${path.slice(1)}-${name}.png` });

        // A real photo afterwards is taken, and the message goes.
        await tool.locator('input[type=file]').setInputFiles(fixturePhoto('astronaut.png'));
        await tool.getByAltText('Preview of your photo').first().waitFor();
        await expect.poll(() => error.count()).toBe(0);
      }
      await page.context().close();
    },
  );

  it.each(SCREENS)(
    'asks before cancelling, then shows "Cancels on <date>", and the Free plan once the plan has ended (%s)',
    async (name, viewport) => {
      const page = await session.newPage({ viewport });
      const account = await registerViaApi(page);
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Choose Pro' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'));
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL((url) => url.pathname === '/profile');
      const card = page.getByRole('region', { name: 'Subscription' });
      await expect
        .poll(
          async () => {
            await page.reload();
            await card.waitFor();
            return card.innerText();
          },
          { timeout: 15_000 },
        )
        .toContain('Pro Plan');
      expect(await card.innerText()).toContain('Active');
      expect(await card.innerText()).toContain('Renews on');

      // The portal asks first; keeping the plan changes nothing.
      await card.getByRole('button', { name: 'Manage Subscription' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/billing/portal/'));
      await page.getByRole('link', { name: 'Cancel subscription' }).click();
      await page.getByRole('heading', { name: 'Cancel Pro Plan?' }).waitFor();
      expect(await page.locator('body').innerText()).toContain('will not renew');
      await page.getByRole('link', { name: 'Keep my plan' }).click();
      await page.getByRole('link', { name: 'Cancel subscription' }).waitFor();
      expect(await page.locator('body').innerText()).toContain('Renews');

      await page.getByRole('link', { name: 'Cancel subscription' }).click();
      await page.getByRole('button', { name: 'Yes, cancel at the end of the period' }).click();
      const notice = page.getByRole('status');
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(
        /^Your subscription is canceled\. Pro Plan stays active until .+; it will not renew\.$/,
      );
      expect(await seriousViolations(page, 'portal after cancelling')).toEqual([]);
      await page.screenshot({ path: `/tmp/issue13-portal-canceled-${name}.png` });
      await page.getByRole('button', { name: 'Back to Stylised' }).first().click();
      await page.waitForURL((url) => url.pathname === '/profile');

      // While it runs out: still Pro, badge and text say when it cancels.
      await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain('Cancels on');
      const running = await card.innerText();
      expect(running).toContain('Pro Plan');
      expect(running).not.toContain('Active');
      expect(running).not.toContain('Renews on');
      const date = /Cancels on (\w{3} \d{1,2}, \d{4})/.exec(running)?.[1];
      expect(date, running).toBeTruthy();
      expect(await card.getByText(`Cancels on ${date}`, { exact: true }).count()).toBe(1);
      expect(await card.getByTestId('subscription-period').innerText()).toContain(
        `Cancels on ${date}. Your Pro Plan stays active until then and will not renew`,
      );
      await card.getByRole('button', { name: 'Manage Subscription' }).waitFor();
      expect(await seriousViolations(page, 'profile with a plan set to cancel')).toEqual([]);
      await card.screenshot({ path: `/tmp/issue13-cancels-on-${name}.png` });

      // The period ends (the operator's advance does what Stripe does at the period's end).
      const ended = await page.request.post('/internal/operator/admin/advance-subscription', {
        headers: { authorization: `Bearer ${await operatorToken(session)}` },
        data: { email: account.email },
      });
      expect(await ended.json()).toEqual({ email: account.email, outcome: 'ended' });
      await expect
        .poll(
          async () => {
            await page.reload();
            await card.waitFor();
            return card.innerText();
          },
          { timeout: 15_000 },
        )
        .toContain('Canceled');
      const after = await card.innerText();
      expect(after).toContain('Free');
      expect(after).toContain('$0.00');
      expect(after).not.toContain('Pro Plan');
      expect(after).not.toContain('Ends on');
      expect(after).not.toContain('Cancels on');
      expect(after).toContain('Your paid plan has ended');
      expect(await card.getByRole('button', { name: 'Manage Subscription' }).count()).toBe(0);
      expect(await seriousViolations(page, 'profile after the plan ended')).toEqual([]);
      await card.screenshot({ path: `/tmp/issue13-ended-${name}.png` });
      await card.getByRole('button', { name: 'Upgrade Plan' }).click();
      await page.waitForURL((url) => url.pathname === '/pricing');
      await page.context().close();
    },
  );

  it.each([
    ['1280x800', LAPTOP, 'en-US', /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/],
    ['390x844', PHONE, 'en-GB', /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/],
  ] as const)(
    'lists a generation once in the credit history, in words, with dates written alike (%s, %s)',
    async (name, viewport, locale, datePattern) => {
      const context = await session.browser.newContext({
        viewport,
        locale,
        baseURL: session.server.url,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await registerViaApi(page);
      await page.goto('/ghibli');
      // A page of its own context: wait for the prerendered creator to be hydrated by hand.
      await page.waitForFunction(() => document.documentElement.dataset.hydrated);
      const tool = page.getByTestId('creator-tool');
      await tool.locator('input[type=file]').setInputFiles(fixturePhoto('chelsea.png'));
      await tool.getByAltText('Preview of your photo').first().waitFor();
      const generate = tool.getByRole('button', { name: 'Generate Ghibli Art' });
      await expect.poll(() => generate.isEnabled(), { timeout: 30_000 }).toBe(true);
      await generate.click({ timeout: 30_000 });
      await expect
        .poll(() => page.getByTestId('slider-after-image').getAttribute('src'), {
          timeout: 30_000,
        })
        .toMatch(/^\/api\/generations\//);

      await page.goto('/profile');
      const history = page.getByRole('region', { name: 'Credit history' });
      const rows = history.getByRole('listitem');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      const [generation, welcome] = await rows.allInnerTexts();
      expect(generation).toMatch(/^Ghibli image\s/);
      expect(generation).toMatch(/−5\s*Balance 0$/);
      expect(welcome).toMatch(/^Welcome credits\s/);
      expect(welcome).toMatch(/\+5\s*Balance 5$/);
      const text = await history.innerText();
      for (const raw of ['Held', 'Generation', 'ghibli', 'Signup bonus', 'released'])
        expect(text).not.toContain(raw);
      const historyDates = await history.locator('time').allInnerTexts();
      expect(historyDates).toHaveLength(2);
      for (const date of historyDates) expect(date).toMatch(datePattern);
      expect(await seriousViolations(page, `credit history ${name}`)).toEqual([]);
      await history.screenshot({ path: `/tmp/issue13-history-${name}.png` });

      await page.goto('/creations');
      const card = page.getByRole('article').first();
      await card.waitFor();
      // The first date is when it was made (the second, when it is kept until).
      const creationDate = await card.locator('time').first().innerText();
      expect(creationDate).toMatch(datePattern);
      await context.close();
    },
    90_000,
  );

  it('shows the creator (upload area and generate button) in the first screen at 1280x800 on every style page, signed out and in', async () => {
    const boxes: string[] = [];
    for (const signedIn of [false, true]) {
      const page = await session.newPage({ viewport: LAPTOP });
      if (signedIn) await registerViaApi(page);
      for (const [path, button] of [
        ['/ghibli', 'Generate Ghibli Art'],
        ['/pixar', 'Generate Pixar Character'],
        ['/image-to-anime', 'Transform to Anime'],
        ['/snoopy', 'Create Snoopy Character'],
        ['/chibi', 'Create Chibi Art'],
      ] as const) {
        await page.goto(path);
        const tool = page.getByTestId('creator-tool');
        const generate = tool
          .getByRole('button', { name: signedIn ? button : 'Login to Generate', exact: true })
          .first();
        await generate.waitFor();
        await page.waitForTimeout(300);
        expect(await scrollY(page), path).toBe(0);
        const zone = tool.locator('label:has(input[type=file]), div:has(> input[type=file])');
        const upload = (await zone.first().boundingBox())!;
        const box = (await generate.boundingBox())!;
        boxes.push(
          `${path} ${signedIn ? 'in' : 'out'}: button y ${Math.round(box.y)}-${Math.round(box.y + box.height)}`,
        );
        expect(upload.y, `${path} upload area`).toBeGreaterThanOrEqual(0);
        expect(upload.y + upload.height, `${path} upload area`).toBeLessThanOrEqual(LAPTOP.height);
        expect(box.y, `${path} generate button`).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${path} generate button`).toBeLessThanOrEqual(LAPTOP.height);
        expect(box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
      }
      // The action figure's creator is a form; its first step starts in the first screen.
      await page.goto('/action-figure');
      const figure = (await page.getByTestId('creator-tool').boundingBox())!;
      expect(figure.y).toBeLessThan(LAPTOP.height / 2);
      if (signedIn) {
        await page.goto('/ghibli');
        await page.getByTestId('creator-tool').waitFor();
        expect(await seriousViolations(page, '/ghibli compact hero')).toEqual([]);
        await page.screenshot({ path: '/tmp/issue13-ghibli-1280x800.png' });
      }
      await page.context().close();
    }
    console.log(boxes.join('\n'));
  }, 90_000);

  it.each(SCREENS)(
    'keeps the sign-up toast off the Download PNG button (%s)',
    async (name, viewport) => {
      const page = await session.newPage({ viewport });
      const account = newAccount('toast');
      await page.goto('/ghibli');
      if (viewport === PHONE) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Get Started' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create your account' });
      await dialog.getByLabel('Full name', { exact: false }).fill(account.fullName);
      await dialog.getByLabel('Username', { exact: false }).fill(account.username);
      await dialog.getByLabel('Email', { exact: false }).fill(account.email);
      await dialog.getByLabel('Password', { exact: false }).fill(account.password);
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      const shown = toast(page).getByText('Account created!');
      await shown.waitFor();
      // Scrolled just far enough to see the button at the bottom of the screen, as after a
      // generation, while the toast is up.
      const download = page
        .getByTestId('creator-tool')
        .getByRole('button', { name: 'Download PNG' });
      await download.waitFor({ state: 'attached' });
      await download.evaluate((element) => {
        const { bottom } = element.getBoundingClientRect();
        window.scrollBy(0, bottom - window.innerHeight + 16);
      });
      await page.waitForTimeout(200);
      const button = (await download.boundingBox())!;
      expect(button.y + button.height).toBeLessThanOrEqual(viewport.height);
      expect(await shown.isVisible()).toBe(true);
      const note = (await toast(page).locator('[role=status] > div').first().boundingBox())!;
      const overlaps =
        note.x < button.x + button.width &&
        button.x < note.x + note.width &&
        note.y < button.y + button.height &&
        button.y < note.y + note.height;
      await page.screenshot({ path: `/tmp/issue13-toast-${name}.png` });
      expect(overlaps, JSON.stringify({ note, button })).toBe(false);
      await page.context().close();
    },
  );

  it('keeps the sticky bars opaque on a phone', async () => {
    const page = await session.newPage({ viewport: PHONE });
    await page.goto('/ghibli');
    const toggle = page.getByRole('button', { name: /Styles & credits/ });
    await toggle.waitFor();
    await page.evaluate(() => window.scrollTo(0, 900));
    const styles = await page.evaluate(() => {
      const header = document.querySelector('header')!;
      let toolbar = document.querySelector('button[aria-expanded]')!.parentElement!;
      while (getComputedStyle(toolbar).position !== 'sticky') toolbar = toolbar.parentElement!;
      const look = (element: Element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, filter: style.backdropFilter };
      };
      return { header: look(header), toolbar: look(toolbar) };
    });
    for (const bar of [styles.header, styles.toolbar]) {
      expect(bar.background).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
      expect(bar.filter === 'none' || bar.filter === '').toBe(true);
    }
    await page.screenshot({ path: '/tmp/issue13-sticky-390x844.png' });
    await page.context().close();
  });

  it('lines up the rows of the cards on My creations', async () => {
    const page = await session.newPage({ viewport: LAPTOP });
    await registerViaApi(page);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('profile-credits').innerText();
        },
        { timeout: 15_000 },
      )
      .toBe('305');
    for (const [path, prompt] of [
      [
        '/snoopy',
        'Make it a Sunday strip with the whole gang around a doghouse, a kite stuck in a tree and a very long speech bubble',
      ],
      ['/ghibli', 'Soft'],
    ] as const) {
      const action = path === '/snoopy' ? 'Create Snoopy Character' : 'Generate Ghibli Art';
      await page.goto(path);
      const tool = page.getByTestId('creator-tool');
      await tool.locator('input[type=file]').setInputFiles(fixturePhoto('astronaut.png'));
      await tool.getByAltText('Preview of your photo').first().waitFor();
      await tool.getByLabel('Custom Prompt').fill(prompt);
      const generate = tool.getByRole('button', { name: action });
      await expect.poll(() => generate.isEnabled(), { timeout: 30_000 }).toBe(true);
      await generate.click();
      await expect
        .poll(() => page.getByTestId('slider-after-image').getAttribute('src'), {
          timeout: 30_000,
        })
        .toMatch(/^\/api\/generations\//);
    }
    await page.goto('/creations');
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);
    const rows = async (selector: string) =>
      Promise.all(
        (await cards.all()).map(async (card) =>
          Math.round((await card.locator(selector).first().boundingBox())!.y),
        ),
      );
    const [dates, actions] = [await rows('time'), await rows('button:has-text("View")')];
    expect(new Set(dates).size, `dates at ${dates.join(', ')}`).toBe(1);
    expect(new Set(actions).size, `actions at ${actions.join(', ')}`).toBe(1);
    expect(await seriousViolations(page, 'My creations')).toEqual([]);
    await page.screenshot({ path: '/tmp/issue13-creations-1280x800.png', fullPage: true });
    await page.context().close();
  }, 120_000);
});
