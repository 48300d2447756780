import { CREATOR_PATHS } from '../src/modules/art-styles/utils/creator-routes';
import type { ArtStyleId } from '../src/modules/art-styles/utils/art-styles';

/**
 * The lazily loaded modules each URL renders (see src/modules/app/utils/app-routes.tsx), so the
 * built index.html can start fetching them with the entry instead of after it.
 */
const CREATOR_PAGE_MODULES: Readonly<Record<ArtStyleId, string>> = {
  'action-figure': 'src/pages/creators/ActionFigureCreatorPage.tsx',
  ghibli: 'src/pages/creators/GhibliCreatorPage.tsx',
  pixar: 'src/pages/creators/PixarCreatorPage.tsx',
  anime: 'src/pages/creators/AnimeCreatorPage.tsx',
  snoopy: 'src/pages/creators/SnoopyCreatorPage.tsx',
  chibi: 'src/pages/creators/ChibiCreatorPage.tsx',
};

const TOOL_LAYOUT = 'src/modules/layout/components/ToolLayout.tsx';
/**
 * Pages that talk to the API load the GraphQL client with them (app-routes.tsx: `page`); the
 * single-photo creators hydrate without it.
 */
const APOLLO = 'src/modules/apollo/components/AppApolloProvider.tsx';

export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': ['src/pages/landing/LandingPage.tsx'],
  '/pricing': ['src/pages/pricing/PricingPage.tsx'],
  '/about': ['src/pages/about/AboutPage.tsx'],
  '/contact': [APOLLO, 'src/pages/contact/ContactPage.tsx'],
  '/terms': ['src/pages/legal/TermsPage.tsx'],
  '/privacy': ['src/pages/legal/PrivacyPage.tsx'],
  '/gdpr': ['src/pages/legal/CookiePolicyPage.tsx'],
  '/auth': [APOLLO, 'src/pages/auth/AuthPage.tsx'],
  '/profile': [APOLLO, 'src/pages/profile/ProfilePage.tsx'],
  ...Object.fromEntries(
    (Object.entries(CREATOR_PATHS) as [ArtStyleId, readonly string[]][]).flatMap(
      ([styleId, paths]) =>
        paths.map((path) => [
          path,
          styleId === 'action-figure'
            ? [APOLLO, TOOL_LAYOUT, CREATOR_PAGE_MODULES[styleId]]
            : [TOOL_LAYOUT, CREATOR_PAGE_MODULES[styleId]],
        ]),
    ),
  ),
};
