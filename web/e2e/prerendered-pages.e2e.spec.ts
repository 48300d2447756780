import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eSession, startE2eSession } from './support/e2e-session';
import {
  CREATOR_ROUTES,
  CREATOR_TITLES,
  NOT_FOUND_PATHS,
  STATIC_ROUTES,
  inParallel,
} from './support/routes';

/** Every public route with what its prerendered head must say, written out from the spec. */
const PUBLIC_ROUTES = [
  ...STATIC_ROUTES.map((route) => ({
    path: route.path as string,
    title: route.title as string,
    canonical: route.path as string,
    image: '/og/stylised.jpg',
  })),
  ...CREATOR_ROUTES.map((route) => ({
    path: route.path,
    title: CREATOR_TITLES[route.styleId],
    canonical: route.canonical,
    image: `/og/${route.styleId}.jpg`,
  })),
];

/** The creators' canonical URLs, as the spec names them. */
const SPEC_CANONICALS: Record<string, string> = {
  '/watercolor': '/ghibli-creator',
  '/sketch-art': '/ghibli-creator',
  '/cartoon-maker': '/pixar-creator',
  '/disney-style': '/pixar-creator',
  '/anime-pfp': '/chibi-creator',
  '/barbie-filter': '/chibi-creator',
  '/avatar-maker': '/action-figure-creator',
  '/snoopy': '/snoopy-creator',
  '/image-to-anime': '/image-to-anime',
};

type Head = {
  title: string;
  description: string | null;
  canonical: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
  h1: string[];
};

/** Parses HTML with Chromium's parser in a page that runs no JavaScript. */
async function readHtml(parser: Page, html: string): Promise<Head> {
  await parser.setContent(html, { waitUntil: 'domcontentloaded' });
  return parser.evaluate(() => {
    const metas = (attribute: string, prefix: string) =>
      Object.fromEntries(
        [...document.querySelectorAll(`meta[${attribute}^="${prefix}"]`)].map((meta) => [
          meta.getAttribute(attribute)!,
          meta.getAttribute('content') ?? '',
        ]),
      );
    return {
      title: document.title,
      description:
        document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      og: metas('property', 'og:'),
      twitter: metas('name', 'twitter:'),
      h1: [...document.querySelectorAll('#root h1')].map((h1) => h1.textContent?.trim() ?? ''),
    };
  });
}

/**
 * Opens `path` with JavaScript and waits until React has hydrated the prerendered main heading.
 * Returns whether hydration kept the server's node (a mismatch makes React render the page
 * again on the client, replacing it) and every console error or uncaught error.
 */
async function hydrate(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading =
        document.querySelector('#root h1');
    });
  });
  const response = await page.goto(url);
  await page.waitForFunction(() => {
    const heading = document.querySelector('#root h1');
    return !!heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
  // Late errors (a recoverable hydration error is reported after the commit).
  await page.waitForTimeout(500);
  const kept = await page.evaluate(
    () =>
      (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading ===
      document.querySelector('#root h1'),
  );
  const heading = await page.evaluate(
    () => document.querySelector('#root h1')?.textContent?.trim() ?? '',
  );
  await context.close();
  return { status: response?.status(), kept, errors, heading };
}

describe('prerendered public pages, served by the real server', () => {
  let session: E2eSession;
  let origin: string;
  let parser: Page;
  beforeAll(async () => {
    session = await startE2eSession();
    // The server's PUBLIC_URL (its default: localhost and the port it listens on).
    origin = process.env.PUBLIC_URL ?? `http://localhost:${new URL(session.server.url).port}`;
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    parser = await context.newPage();
  });
  afterAll(async () => {
    await parser?.context().close();
    await session?.close();
  });

  it('sends every public route with its title, description, canonical, share tags and main heading in the HTML', async () => {
    for (const route of PUBLIC_ROUTES) {
      const response = await fetch(`${session.server.url}${route.path}`);
      expect(response.status, route.path).toBe(200);
      expect(response.headers.get('content-type'), route.path).toMatch(/^text\/html/);
      const head = await readHtml(parser, await response.text());
      const canonical = `${origin}${route.canonical}`;
      expect(head.title, route.path).toMatch(new RegExp(`^${route.title}`));
      expect(head.description?.length ?? 0, route.path).toBeGreaterThan(40);
      expect(head.canonical, route.path).toBe(canonical);
      expect(head.og, route.path).toMatchObject({
        'og:title': head.title,
        'og:description': head.description,
        'og:url': canonical,
        'og:image': `${origin}${route.image}`,
        'og:image:width': '1200',
        'og:image:height': '630',
        'og:type': 'website',
      });
      expect(head.twitter, route.path).toMatchObject({
        'twitter:card': 'summary_large_image',
        'twitter:title': head.title,
        'twitter:image': `${origin}${route.image}`,
      });
      expect(head.h1, route.path).toHaveLength(1);
      expect(head.h1[0]!.length, route.path).toBeGreaterThan(3);
    }
    const landing = await readHtml(parser, await (await fetch(`${session.server.url}/`)).text());
    expect(landing.h1).toEqual(['Turn your photo into character art']);
  });

  it("points every alias's canonical at its creator URL", async () => {
    for (const [alias, creator] of Object.entries(SPEC_CANONICALS)) {
      const head = await readHtml(
        parser,
        await (await fetch(`${session.server.url}${alias}`)).text(),
      );
      expect(head.canonical, alias).toBe(`${origin}${creator}`);
    }
  });

  it('serves each share image as a 1200 x 630 JPEG', async () => {
    for (const image of new Set(PUBLIC_ROUTES.map((route) => route.image))) {
      const response = await fetch(`${session.server.url}${image}`);
      expect(response.status, image).toBe(200);
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height], image).toEqual([
        'jpeg',
        1200,
        630,
      ]);
    }
  });

  it('answers unknown paths with status 404 and the 404 page, prerendered', async () => {
    for (const path of NOT_FOUND_PATHS) {
      const response = await fetch(`${session.server.url}${path}`);
      expect(response.status, path).toBe(404);
      const head = await readHtml(parser, await response.text());
      expect(head.title, path).toBe('404 Page Not Found');
      expect(head.h1, path).toEqual(['404 Page Not Found']);
    }
  });

  it('lists exactly the public routes that are their own canonical URL in sitemap.xml, and keeps crawlers out of the API and private pages', async () => {
    const sitemap = await fetch(`${session.server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    const listed = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = new Set(PUBLIC_ROUTES.map((route) => `${origin}${route.canonical}`));
    expect(new Set(listed)).toEqual(expected);
    expect(listed).toHaveLength(expected.size);

    const robots = await (await fetch(`${session.server.url}/robots.txt`)).text();
    for (const path of ['/api/', '/graphql', '/admin', '/profile', '/creations'])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots).not.toMatch(/Disallow: \/\n/);
  });

  it('hydrates every public route and the 404 page in Chromium without a mismatch or a console error', async () => {
    const paths = [...PUBLIC_ROUTES.map((route) => route.path), NOT_FOUND_PATHS[0]];
    const failures: string[] = [];
    // One parser page: the prerendered headings are read one at a time, first.
    const prerenderedHeadings = new Map<string, string | undefined>();
    for (const path of paths) {
      const html = await (await fetch(`${session.server.url}${path}`)).text();
      prerenderedHeadings.set(path, (await readHtml(parser, html)).h1[0]);
    }
    await inParallel(paths, 3, async (path) => {
      const result = await hydrate(session.browser, `${session.server.url}${path}`);
      if (!result.kept) failures.push(`${path}: React replaced the prerendered page`);
      if (result.heading !== prerenderedHeadings.get(path))
        failures.push(`${path}: heading "${result.heading}" after hydration`);
      const expectedStatus = path === NOT_FOUND_PATHS[0] ? 404 : 200;
      if (result.status !== expectedStatus) failures.push(`${path}: status ${result.status}`);
      // Chromium logs a document's own 404 status as a failed resource.
      const errors = result.errors.filter(
        (error) => !(expectedStatus === 404 && /status of 404/.test(error)),
      );
      for (const error of errors) failures.push(`${path}: ${error}`);
    });
    expect(failures).toEqual([]);
  }, 600_000);
});
