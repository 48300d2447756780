import type { RouteObject } from 'react-router';

import { listCreatorRoutes } from '../../art-styles/utils/creator-routes';
import type { ArtStyleId } from '../../art-styles/utils/art-styles';
import { MarketingLayout } from '../../layout/components/MarketingLayout';
import { AppBootFallback } from '../components/AppBootFallback';
import { AppRoot } from '../components/AppRoot';

import { PAGE_PATHS, type PagePath } from './route-table';

/*
 * Every page is its own lazily loaded chunk (route `lazy`), so the landing page only loads the
 * shell and its own code. The creators' aliases share their creator's chunk.
 */

const CREATOR_PAGES: Readonly<Record<ArtStyleId, RouteObject['lazy']>> = {
  'action-figure': async () => ({
    Component: (await import('../../../pages/creators/ActionFigureCreatorPage'))
      .ActionFigureCreatorPage,
  }),
  ghibli: async () => ({
    Component: (await import('../../../pages/creators/GhibliCreatorPage')).GhibliCreatorPage,
  }),
  pixar: async () => ({
    Component: (await import('../../../pages/creators/PixarCreatorPage')).PixarCreatorPage,
  }),
  anime: async () => ({
    Component: (await import('../../../pages/creators/AnimeCreatorPage')).AnimeCreatorPage,
  }),
  snoopy: async () => ({
    Component: (await import('../../../pages/creators/SnoopyCreatorPage')).SnoopyCreatorPage,
  }),
  chibi: async () => ({
    Component: (await import('../../../pages/creators/ChibiCreatorPage')).ChibiCreatorPage,
  }),
};

/** The component of each page in the route table (a missing page fails the type check). */
const PAGES: Readonly<Record<PagePath, RouteObject['lazy']>> = {
  '/': async () => ({
    Component: (await import('../../../pages/landing/LandingPage')).LandingPage,
  }),
  '/pricing': async () => ({
    Component: (await import('../../../pages/pricing/PricingPage')).PricingPage,
  }),
  '/auth': async () => ({
    Component: (await import('../../../pages/auth/AuthPage')).AuthPage,
  }),
  '/auth/google': async () => ({
    Component: (await import('../../../pages/auth/GoogleSignInPage')).GoogleSignInPage,
  }),
  '/reset-password': async () => ({
    Component: (await import('../../../pages/auth/ResetPasswordPage')).ResetPasswordPage,
  }),
  '/verify-email': async () => ({
    Component: (await import('../../../pages/auth/VerifyEmailPage')).VerifyEmailPage,
  }),
  '/profile': async () => ({
    Component: (await import('../../../pages/profile/ProfilePage')).ProfilePage,
  }),
  '/creations': async () => ({
    Component: (await import('../../../pages/creations/MyCreationsPage')).MyCreationsPage,
  }),
  '/admin': async () => ({
    Component: (await import('../../../pages/admin/AdminPage')).AdminPage,
  }),
  '/about': async () => ({
    Component: (await import('../../../pages/about/AboutPage')).AboutPage,
  }),
  '/contact': async () => ({
    Component: (await import('../../../pages/contact/ContactPage')).ContactPage,
  }),
  '/terms': async () => ({
    Component: (await import('../../../pages/legal/TermsPage')).TermsPage,
  }),
  '/privacy': async () => ({
    Component: (await import('../../../pages/legal/PrivacyPage')).PrivacyPage,
  }),
  '/gdpr': async () => ({
    Component: (await import('../../../pages/legal/CookiePolicyPage')).CookiePolicyPage,
  }),
  '/gifts': async () => ({
    Component: (await import('../../../pages/gifts/GiftsPage')).GiftsPage,
  }),
  '/gift-card': async () => ({
    Component: (await import('../../../pages/gifts/GiftCardPage')).GiftCardPage,
  }),
  '/redeem': async () => ({
    Component: (await import('../../../pages/gifts/RedeemPage')).RedeemPage,
  }),
};

const marketingRoutes: RouteObject[] = [
  ...PAGE_PATHS.map((path): RouteObject =>
    path === '/' ? { index: true, lazy: PAGES[path] } : { path: path.slice(1), lazy: PAGES[path] },
  ),
  {
    // Outside the route table: the server answers these with HTTP 404 and this page.
    path: '*',
    lazy: async () => ({
      Component: (await import('../../../pages/not-found/NotFoundPage')).NotFoundPage,
    }),
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
        lazy: async () => ({
          Component: (await import('../../layout/components/ToolLayout')).ToolLayout,
        }),
        children: creatorRoutes,
      },
    ],
  },
];
