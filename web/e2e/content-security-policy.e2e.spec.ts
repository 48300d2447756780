import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PHOTOS } from '../../api/src/testing/fixtures';
import { type E2eSession, registerViaApi, startE2eSession } from './support/e2e-session';

const tool = (page: Page) => page.getByTestId('creator-tool');

/** Every CSP violation the page reports: console messages and securitypolicyviolation events. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

describe('the built app under its Content-Security-Policy', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('browses, generates, downloads and checks out with no CSP violation', async () => {
    const page = await session.newPage();
    const violations = await watchViolations(page);

    const landing = await page.goto('/');
    const policy = landing!.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(landing!.headers()['x-content-type-options']).toBe('nosniff');
    await page.getByRole('main').waitFor();
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Pro' }).waitFor();

    await registerViaApi(page);
    await page.goto('/ghibli');
    await tool(page)
      .locator('input[type=file]')
      .setInputFiles(path.join(FIXTURE_PHOTOS, 'chelsea.png'));
    await tool(page).getByAltText('Preview of your photo').waitFor(); // a blob: image
    await tool(page)
      .getByRole('button', { name: /^(Create|Generate) .*(Character|Portrait|Art|Image)/ })
      .click();
    await expect
      .poll(() => page.getByTestId('slider-after-image').getAttribute('src'), { timeout: 30_000 })
      .toMatch(/^\/api\/generations\/[0-9a-f-]{36}\/image$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tool(page).getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);

    await page.goto('/creations');
    await page.getByRole('main').getByRole('img').first().waitFor();
    await page.goto('/profile');
    await page.getByTestId('profile-credits').waitFor();

    // The local checkout page (its inline style sheet is allowed by hash).
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/checkout/'));
    expect(
      await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor),
    ).toBe('rgb(255, 250, 243)');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/profile');

    expect(violations).toEqual([]);

    // The watcher does see a violation: an injected inline script is refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBe(
      undefined,
    );
  });
});
