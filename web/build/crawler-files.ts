import {
  CREATOR_CANONICAL_PATHS,
  canonicalCreatorPath,
} from '../src/modules/art-styles/utils/creator-routes';
import { PRIVATE_PAGE_PATHS, listPublicPaths } from '../src/modules/app/utils/route-table';

/**
 * The public routes a sitemap lists: each one that is its own canonical URL (an alias such as
 * /watercolor points search engines at its creator, /ghibli-creator, which is listed instead).
 */
export const listSitemapPaths = (): string[] =>
  listPublicPaths().filter((path) => (canonicalCreatorPath(path) ?? path) === path);

export const sitemapXml = (origin: string): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...listSitemapPaths().map((path) => `  <url><loc>${origin}${path}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

/** What the server answers besides the pages, and the private pages: no crawler goes there. */
const DISALLOWED = [
  '/api/',
  '/graphql',
  '/auth/google',
  '/billing/',
  '/internal/',
  '/health/',
  '/metrics',
  ...PRIVATE_PAGE_PATHS.filter((path) => path !== '/auth/google'),
];

export const robotsTxt = (origin: string): string =>
  [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

// Every creator's canonical URL is a public path (a typo here would drop it from the sitemap).
for (const path of Object.values(CREATOR_CANONICAL_PATHS))
  if (!listPublicPaths().includes(path)) throw new Error(`${path} is not a public path`);
