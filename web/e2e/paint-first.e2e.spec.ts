import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eSession, MOBILE, registerViaApi, startE2eSession } from './support/e2e-session';

/** Every script file the page requested, by its name without the content hash. */
const scriptsOf = (page: Page) => {
  const names = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script')
      names.add(new URL(request.url()).pathname.replace(/^\/assets\/|-[\w-]{8}\.js$/g, ''));
  });
  return names;
};

const APOLLO_CHUNKS = ['apollo', 'AppApolloProvider', 'create-apollo-client'];

describe('paint first: public pages hydrate without the GraphQL client (issue 21)', () => {
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('a visitor on /, /pricing, /about and /ghibli loads neither Apollo nor the signed-in shell; Sign In brings them', async () => {
    const page = await session.newPage({ viewport: { width: 1280, height: 900 } });
    const scripts = scriptsOf(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const path of ['/', '/pricing', '/about', '/ghibli']) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('button', { name: 'Sign In' }).first().isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
    }
    await page.waitForLoadState('networkidle');
    for (const chunk of APOLLO_CHUNKS) expect([...scripts]).not.toContain(chunk);
    expect(
      [...scripts].some((name) =>
        /HeaderAuthSlot|SignedIn|SidebarCreditsSlot|CreditExpiryBanner/.test(name),
      ),
    ).toBe(false);

    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 20_000 }).toBe(true);
    expect([...scripts]).toContain('apollo');
    expect(errors).toEqual([]);
  });

  it('a signed-in visitor gets the account menu on a public page and their credits on a creator (the shell loads for them)', async () => {
    const page = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto('/about');
    await registerViaApi(page);
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('button', { name: /Account menu for/ }).count(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);

    // A creator hydrates without the client too; the tool and the sidebar get it through the shell.
    await page.goto('/ghibli');
    await expect
      .poll(() => page.getByTestId('creator-tool').innerText(), { timeout: 20_000 })
      .toContain('5 credits available');
    await expect
      .poll(() => page.getByRole('complementary', { name: 'Styles and credits' }).innerText(), {
        timeout: 20_000,
      })
      .toContain('1 generation remaining');
  });

  it('showcase images are <picture>s with AVIF and WebP sources and a JPEG fallback, the hero preloaded', async () => {
    const page = await session.newPage({ viewport: MOBILE });
    const served = new Map<string, string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image')
        served.set(new URL(response.url()).pathname, response.headers()['content-type'] ?? '');
    });
    await page.goto('/');
    const picture = await page.evaluate(() => {
      const first = document.querySelector('main picture');
      return {
        sources: [...(first?.querySelectorAll('source') ?? [])].map((source) => source.type),
        fallback: first?.querySelector('img')?.getAttribute('src') ?? '',
        preload: document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')
          ?.imageSrcset,
      };
    });
    expect(picture.sources).toEqual(['image/avif', 'image/webp']);
    expect(picture.fallback).toMatch(/\.jpg$/);
    expect(picture.preload).toMatch(/\.avif 192w/);
    await page.waitForLoadState('networkidle');
    const showcase = [...served].filter(([path]) => path.startsWith('/showcase/'));
    expect(showcase.length).toBeGreaterThan(0);
    // Chromium takes AVIF, at a width picked for a phone (never the 1024 px render).
    for (const [path, type] of showcase) {
      expect(type).toBe('image/avif');
      expect(path).not.toMatch(/-1024\./);
    }
  });
});
