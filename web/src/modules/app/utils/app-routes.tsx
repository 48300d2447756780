import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { listCreatorRoutes } from '../../art-styles/utils/creator-routes';
import type { ArtStyleId } from '../../art-styles/utils/art-styles';
import { withApollo } from '../../apollo/components/with-apollo';
import { MarketingLayout } from '../../layout/components/MarketingLayout';
import { AppBootFallback } from '../components/AppBootFallback';
import { AppRoot } from '../components/AppRoot';

import { PAGE_PATHS, type PagePath } from './route-table';

/*
 * Every page is its own lazily loaded chunk (route `lazy`), so the landing page only loads the
 * shell and its own code. The creators' aliases share their creator's chunk. Pages that talk to
 * the API through the GraphQL client load it with them (`page`); the others (landing, pricing,
 * whose few requests are plain fetches, about, legal, 404) hydrate without it (`staticPage`), as
 * do the creators' layout and the single-photo creators, whose signed-in parts load it for a
 * signed-in user (the action figure's prompt writer needs it from the start).
 */

type PageComponent = ComponentType<object>;

const page =
  (load: () => Promise<PageComponent>): RouteObject['lazy'] =>
  async () => ({ Component: await withApollo(load) });

const staticPage =
  (load: () => Promise<PageComponent>): RouteObject['lazy'] =>
  async () => ({ Component: await load() });

const CREATOR_PAGES: Readonly<Record<ArtStyleId, RouteObject['lazy']>> = {
  'action-figure': page(
    async () =>
      (await import('../../../pages/creators/ActionFigureCreatorPage')).ActionFigureCreatorPage,
  ),
  ghibli: staticPage(
    async () => (await import('../../../pages/creators/GhibliCreatorPage')).GhibliCreatorPage,
  ),
  pixar: staticPage(
    async () => (await import('../../../pages/creators/PixarCreatorPage')).PixarCreatorPage,
  ),
  anime: staticPage(
    async () => (await import('../../../pages/creators/AnimeCreatorPage')).AnimeCreatorPage,
  ),
  snoopy: staticPage(
    async () => (await import('../../../pages/creators/SnoopyCreatorPage')).SnoopyCreatorPage,
  ),
  chibi: staticPage(
    async () => (await import('../../../pages/creators/ChibiCreatorPage')).ChibiCreatorPage,
  ),
};

/** The component of each page in the route table (a missing page fails the type check). */
const PAGES: Readonly<Record<PagePath, RouteObject['lazy']>> = {
  '/': staticPage(async () => (await import('../../../pages/landing/LandingPage')).LandingPage),
  '/pricing': staticPage(
    async () => (await import('../../../pages/pricing/PricingPage')).PricingPage,
  ),
  '/auth': page(async () => (await import('../../../pages/auth/AuthPage')).AuthPage),
  '/auth/google': page(
    async () => (await import('../../../pages/auth/GoogleSignInPage')).GoogleSignInPage,
  ),
  '/reset-password': page(
    async () => (await import('../../../pages/auth/ResetPasswordPage')).ResetPasswordPage,
  ),
  '/verify-email': page(
    async () => (await import('../../../pages/auth/VerifyEmailPage')).VerifyEmailPage,
  ),
  '/profile': page(async () => (await import('../../../pages/profile/ProfilePage')).ProfilePage),
  '/creations': page(
    async () => (await import('../../../pages/creations/MyCreationsPage')).MyCreationsPage,
  ),
  '/admin': page(async () => (await import('../../../pages/admin/AdminPage')).AdminPage),
  '/about': staticPage(async () => (await import('../../../pages/about/AboutPage')).AboutPage),
  '/contact': page(async () => (await import('../../../pages/contact/ContactPage')).ContactPage),
  '/terms': staticPage(async () => (await import('../../../pages/legal/TermsPage')).TermsPage),
  '/privacy': staticPage(
    async () => (await import('../../../pages/legal/PrivacyPage')).PrivacyPage,
  ),
  '/gdpr': staticPage(
    async () => (await import('../../../pages/legal/CookiePolicyPage')).CookiePolicyPage,
  ),
  '/gifts': page(async () => (await import('../../../pages/gifts/GiftsPage')).GiftsPage),
  '/gift-card': page(async () => (await import('../../../pages/gifts/GiftCardPage')).GiftCardPage),
  '/redeem': page(async () => (await import('../../../pages/gifts/RedeemPage')).RedeemPage),
};

const marketingRoutes: RouteObject[] = [
  ...PAGE_PATHS.map((path): RouteObject =>
    path === '/' ? { index: true, lazy: PAGES[path] } : { path: path.slice(1), lazy: PAGES[path] },
  ),
  {
    // Outside the route table: the server answers these with HTTP 404 and this page.
    path: '*',
    lazy: staticPage(
      async () => (await import('../../../pages/not-found/NotFoundPage')).NotFoundPage,
    ),
  },
];

const creatorRoutes: RouteObject[] = listCreatorRoutes().map(({ path, styleId }) => ({
  path: path.slice(1),
  lazy: CREATOR_PAGES[styleId],
}));

export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    hydrateFallbackElement: <AppBootFallback />,
    children: [
      { element: <MarketingLayout />, children: marketingRoutes },
      {
        lazy: staticPage(
          async () => (await import('../../layout/components/ToolLayout')).ToolLayout,
        ),
        children: creatorRoutes,
      },
    ],
  },
];
