import { createBrowserRouter, matchRoutes } from 'react-router';

import { appRoutes } from './app-routes';

/**
 * Resolves the lazy routes the current URL matches, as React Router's docs prescribe for
 * hydrating server-rendered HTML: otherwise the first render would be the boot fallback and
 * hydration would not match.
 */
export const loadMatchedRoutes = async (): Promise<void> => {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
};

let router: ReturnType<typeof createBrowserRouter> | null = null;

/** The app's one browser router, created on first use (after `loadMatchedRoutes`). */
export const appRouter = () => (router ??= createBrowserRouter(appRoutes));
