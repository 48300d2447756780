import { listCreatorRoutes } from '../../art-styles/utils/creator-routes';

/*
 * The app's route table, without components: the web router builds its routes from it
 * (app-routes.tsx), and the build writes it to `dist/routes.json` for the server, which answers
 * paths outside it with HTTP 404 (the app still renders its 404 page).
 */

/** Every page other than the creators, as the router serves them. */
export const PAGE_PATHS = [
  '/',
  '/pricing',
  '/auth',
  '/auth/google',
  '/reset-password',
  '/verify-email',
  '/profile',
  '/creations',
  '/admin',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/gdpr',
  '/gifts',
  '/gift-card',
  '/redeem',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

/**
 * The public pages: prerendered at build time (web/build/prerender.ts) with their own head, in
 * the sitemap when they are their own canonical URL. The rest (profile, creations, staff
 * console, the one-time links of emails) are private and get the app shell.
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/pricing',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/gdpr',
  '/auth',
] as const satisfies readonly PagePath[];

/** Every public path: the public pages, the creators and their aliases. */
export const listPublicPaths = (): string[] => [
  ...PUBLIC_PAGE_PATHS,
  ...listCreatorRoutes().map((route) => route.path),
];

/** Private paths crawlers are kept out of (robots.txt), beside the API's own. */
export const PRIVATE_PAGE_PATHS = PAGE_PATHS.filter(
  (path) => !(PUBLIC_PAGE_PATHS as readonly string[]).includes(path),
);

/** Every path the app renders a page for: the pages, the creators and their aliases. */
export const listAppPaths = (): string[] => [
  ...PAGE_PATHS,
  ...listCreatorRoutes().map((route) => route.path),
];

/** What `dist/routes.json` holds. */
export type RouteTableFile = { paths: string[] };
