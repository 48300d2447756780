import type { Page } from 'playwright-core';
import {
  CREATOR_CANONICAL_PATHS,
  CREATOR_PATHS,
} from '../../src/modules/art-styles/utils/creator-routes';
import type { ArtStyleId } from '../../src/modules/art-styles/utils/art-styles';

/** The document title each creator sets (before " · Stylised"). */
export const CREATOR_TITLES: Readonly<Record<ArtStyleId, string>> = {
  'action-figure': 'Action Figure Creator',
  ghibli: 'Ghibli Style Creator',
  pixar: 'Pixar Style Creator',
  anime: 'Image to Anime',
  snoopy: 'Snoopy Style Creator',
  chibi: 'Chibi Creator',
};

export const CREATOR_ROUTES = (
  Object.entries(CREATOR_PATHS) as [ArtStyleId, readonly string[]][]
).flatMap(([styleId, paths]) =>
  paths.map((path) => ({ path, styleId, canonical: CREATOR_CANONICAL_PATHS[styleId] })),
);

/** The spec's other routes, with the start of their document titles. */
export const STATIC_ROUTES = [
  { path: '/', title: 'Stylised' },
  { path: '/pricing', title: 'Pricing' },
  { path: '/about', title: 'About us' },
  { path: '/contact', title: 'Contact Support' },
  { path: '/terms', title: 'Terms' },
  { path: '/privacy', title: 'Privacy' },
  { path: '/gdpr', title: 'Cookie Policy' },
  { path: '/auth', title: 'Sign in' },
] as const;

export const NOT_FOUND_PATHS = [
  '/no-such-page',
  '/ghibli/extra',
  '/pricing/pro',
  '/creator',
] as const;

/** Runs `work` over `items` with at most `limit` at once. */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(workers);
}

/** Waits until the route's lazy chunk has rendered its main heading. */
export const waitForPage = async (page: Page) => {
  await page.locator('h1').first().waitFor();
};

/** The canonical link's absolute URL, or null. */
export const canonicalOf = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
  );
