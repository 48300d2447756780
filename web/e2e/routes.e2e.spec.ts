import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeFinding, seriousViolations } from './support/axe';
import { type E2eSession, registerViaApi, startE2eSession } from './support/e2e-session';
import {
  CREATOR_ROUTES,
  CREATOR_TITLES,
  NOT_FOUND_PATHS,
  STATIC_ROUTES,
  canonicalOf,
  inParallel,
  waitForPage,
} from './support/routes';

/** The spec's route table and aliases, written out independently of the app's route table. */
const SPEC_CREATOR_PATHS = [
  ...['/action-figure', '/ghibli', '/pixar', '/image-to-anime', '/snoopy', '/chibi'],
  '/snoopy-creator',
  ...['/chibi-creator', '/photo-to-anime', '/manga-style', '/anime-pfp', '/barbie-filter'],
  ...['/pixar-creator', '/cartoon-maker', '/pixel-art', '/lego-style', '/disney-style'],
  ...['/ghibli-creator', '/sketch-art', '/oil-painting', '/watercolor'],
  ...['/action-figure-creator', '/character-ai', '/avatar-maker'],
];

/** The narrowest screen the app is laid out for. */
const NARROWEST = { width: 360, height: 740 } as const;

/** The route has rendered (goto waited for `load`); give the current-user query a moment. */
const settle = async (page: Page) => {
  await waitForPage(page);
  await page.waitForTimeout(200);
};

describe('every route of the built app, served by the real server, with axe', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('serves every page, creator and alias with its title and canonical link, and no serious axe violations', async () => {
    expect(new Set(CREATOR_ROUTES.map((route) => route.path))).toEqual(new Set(SPEC_CREATOR_PATHS));
    const jobs = [
      ...STATIC_ROUTES.map((route) => ({
        path: route.path,
        title: route.title,
        canonical: route.path,
      })),
      ...CREATOR_ROUTES.map((route) => ({
        path: route.path,
        title: CREATOR_TITLES[route.styleId],
        canonical: route.canonical,
      })),
    ];
    const pages = await Promise.all(Array.from({ length: 3 }, () => session.newPage()));
    const findings: AxeFinding[] = [];
    const checked: string[] = [];
    const analysed = new Set<string>();
    await inParallel(jobs, pages.length, async (job) => {
      const page = pages.pop()!;
      try {
        await page.goto(job.path);
        await settle(page);
        await expect
          .poll(() => page.title(), { message: job.path })
          .toMatch(new RegExp(`^${job.title}`));
        expect(new URL(page.url()).pathname, job.path).toBe(job.path);
        await expect
          .poll(() => canonicalOf(page), { message: job.path })
          .toBe(`${session.server.url}${job.canonical}`);
        // An alias renders exactly its creator's page: axe runs once per distinct document
        // (moving slider positions aside), and every other route with the same one shares it.
        const fingerprint = await page.evaluate(() =>
          document.body.innerHTML.replace(/ (style|aria-valuenow|aria-valuetext)="[^"]*"/g, ''),
        );
        if (!analysed.has(fingerprint)) {
          analysed.add(fingerprint);
          findings.push(...(await seriousViolations(page, job.path)));
        }
        checked.push(job.path);
      } catch (error) {
        throw new Error(`${job.path}: ${(error as Error).message}`);
      } finally {
        pages.push(page);
      }
    });
    expect(findings).toEqual([]);
    expect(checked).toHaveLength(jobs.length);
    console.log(`axe: ${analysed.size} distinct documents for ${jobs.length} routes`);
    // Every page and creator was analysed at least once.
    expect(analysed.size).toBeGreaterThanOrEqual(STATIC_ROUTES.length + 6);
    await Promise.all(pages.map((page) => page.context().close()));
  }, 180_000);

  it('shows the 404 page, with its exact title and text, for any other path', async () => {
    const page = await session.newPage();
    for (const path of NOT_FOUND_PATHS) {
      // The server knows the route table: the 404 page comes with HTTP 404.
      expect((await page.goto(path))?.status(), path).toBe(404);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.innerText(), path).toBe('404 Page Not Found');
      expect(
        await page.getByText('Did you forget to add the page to the router?').count(),
        path,
      ).toBe(1);
      expect(await page.title()).toBe('404 Page Not Found');
    }
    expect(await seriousViolations(page, '404')).toEqual([]);
    await page.context().close();
  });

  it('sends signed-out visitors from /profile to /auth, and /auth/google to the server', async () => {
    const page = await session.newPage();
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();

    const response = await page.request.get('/auth/google?redirect=%2Fghibli', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/auth?error=google_unavailable');
    await page.context().close();
  });

  it('fits 360 px without sideways scrolling and has no serious axe violations there, signed in, or with menus, modal, drawer and form errors open', async () => {
    const findings: AxeFinding[] = [];
    const phone = await session.newPage({ viewport: NARROWEST });
    for (const path of [
      '/',
      '/pricing',
      '/contact',
      '/auth',
      '/about',
      '/terms',
      '/gdpr',
      '/ghibli',
      '/action-figure',
      '/no-such-page',
    ]) {
      await phone.goto(path);
      await settle(phone);
      expect(
        await phone.evaluate(() => document.documentElement.scrollWidth),
        `${path} width`,
      ).toBeLessThanOrEqual(NARROWEST.width);
      findings.push(...(await seriousViolations(phone, `${path} at 360 px`)));
    }
    await phone.goto('/');
    await settle(phone);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    findings.push(...(await seriousViolations(phone, 'mobile menu open')));
    await phone.goto('/snoopy');
    await settle(phone);
    await phone.getByRole('button', { name: /Styles & credits/ }).click();
    findings.push(...(await seriousViolations(phone, 'drawer open')));
    await phone.goto('/contact');
    await settle(phone);
    await phone.getByRole('button', { name: 'Send message' }).click();
    findings.push(...(await seriousViolations(phone, 'contact with errors')));

    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('button', { name: 'Get Started' }).click();
    const dialog = phone.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.getByText('Username is required').waitFor();
    findings.push(...(await seriousViolations(phone, 'auth modal with errors')));
    await phone.context().close();

    const page = await session.newPage();
    await registerViaApi(page);
    for (const path of ['/profile', '/pricing', '/ghibli']) {
      await page.goto(path);
      await settle(page);
      findings.push(...(await seriousViolations(page, `${path} signed in`)));
    }
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menu').waitFor();
    findings.push(...(await seriousViolations(page, 'account menu open')));
    await page.context().close();

    expect(findings).toEqual([]);
  }, 120_000);
});
