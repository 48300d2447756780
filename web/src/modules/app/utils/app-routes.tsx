import type { RouteObject } from 'react-router';

import { listCreatorRoutes } from '../../art-styles/utils/creator-routes';
import type { ArtStyleId } from '../../art-styles/utils/art-styles';
import { MarketingLayout } from '../../layout/components/MarketingLayout';
import { AppBootFallback } from '../components/AppBootFallback';
import { AppRoot } from '../components/AppRoot';

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

const marketingRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('../../../pages/landing/LandingPage')).LandingPage,
    }),
  },
  {
    path: 'pricing',
    lazy: async () => ({
      Component: (await import('../../../pages/pricing/PricingPage')).PricingPage,
    }),
  },
  {
    path: 'auth',
    lazy: async () => ({ Component: (await import('../../../pages/auth/AuthPage')).AuthPage }),
  },
  {
    path: 'auth/google',
    lazy: async () => ({
      Component: (await import('../../../pages/auth/GoogleSignInPage')).GoogleSignInPage,
    }),
  },
  {
    path: 'reset-password',
    lazy: async () => ({
      Component: (await import('../../../pages/auth/ResetPasswordPage')).ResetPasswordPage,
    }),
  },
  {
    path: 'verify-email',
    lazy: async () => ({
      Component: (await import('../../../pages/auth/VerifyEmailPage')).VerifyEmailPage,
    }),
  },
  {
    path: 'profile',
    lazy: async () => ({
      Component: (await import('../../../pages/profile/ProfilePage')).ProfilePage,
    }),
  },
  {
    path: 'creations',
    lazy: async () => ({
      Component: (await import('../../../pages/creations/MyCreationsPage')).MyCreationsPage,
    }),
  },
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('../../../pages/admin/AdminPage')).AdminPage }),
  },
  {
    path: 'about',
    lazy: async () => ({ Component: (await import('../../../pages/about/AboutPage')).AboutPage }),
  },
  {
    path: 'contact',
    lazy: async () => ({
      Component: (await import('../../../pages/contact/ContactPage')).ContactPage,
    }),
  },
  {
    path: 'terms',
    lazy: async () => ({ Component: (await import('../../../pages/legal/TermsPage')).TermsPage }),
  },
  {
    path: 'privacy',
    lazy: async () => ({
      Component: (await import('../../../pages/legal/PrivacyPage')).PrivacyPage,
    }),
  },
  {
    path: 'gdpr',
    lazy: async () => ({
      Component: (await import('../../../pages/legal/CookiePolicyPage')).CookiePolicyPage,
    }),
  },
  {
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
