import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';

import { AuthModalProvider } from '../../auth/components/AuthModalProvider';
import { settleLogoutNavigation } from '../../auth/utils/logout-in-progress';
import { Toaster } from '../../toast/components/Toaster';
import { scrollRestorationKey } from '../utils/scroll-restoration-key';

/**
 * Wraps every route: the auth modal (one for the whole app), scroll restoration (and #anchor
 * scrolling; a full page load opens at the top) and the toast viewport.
 */
export const AppRoot = () => {
  const { pathname } = useLocation();
  useEffect(() => settleLogoutNavigation(pathname), [pathname]);
  // Marks the document as live (prerendered pages are shown before React runs): tests and
  // monitoring wait for it before interacting.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AuthModalProvider>
      <Outlet />
      <ScrollRestoration getKey={scrollRestorationKey} />
      <Toaster />
    </AuthModalProvider>
  );
};
