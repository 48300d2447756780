import { Outlet, ScrollRestoration } from 'react-router';

import { AuthModalProvider } from '../../auth/components/AuthModalProvider';
import { Toaster } from '../../toast/components/Toaster';

/**
 * Wraps every route: the auth modal (one for the whole app), scroll restoration (and #anchor
 * scrolling) and the toast viewport.
 */
export const AppRoot = () => (
  <AuthModalProvider>
    <Outlet />
    <ScrollRestoration />
    <Toaster />
  </AuthModalProvider>
);
