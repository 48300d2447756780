import { createBrowserRouter, matchRoutes } from 'react-router';

import { appRoutes } from './app-routes';
import { yieldToBrowser } from '../../browser/utils/yield-to-browser';

/**
 * Resolves the lazy routes the current URL matches, as React Router's docs prescribe for
 * hydrating server-rendered HTML: otherwise the first render would be the boot fallback and
 * hydration would not match.
 */
export const loadMatchedRoutes = async (): Promise<void> => {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  // One at a time, each evaluated in a task of its own (a prerendered page has already asked for
  // their files: main.tsx adds a modulepreload for each).
  for (const { route } of matches) {
    if (typeof route.lazy !== 'function') continue;
    const loaded = await route.lazy();
    Object.assign(route, { ...loaded, lazy: undefined });
    await yieldToBrowser();
  }
};

let router: ReturnType<typeof createBrowserRouter> | null = null;

/** The app's one browser router, created on first use (after `loadMatchedRoutes`). */
export const appRouter = () => (router ??= createBrowserRouter(appRoutes));
