import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { isApolloLoaded } from '../../apollo/utils/apollo-loaded';
import { isSafeRedirectPath, takeRedirectAfterLogin } from '../utils/post-login-redirect';

/**
 * After an external sign-in the server sends the browser to `/?auth_success=true` (with
 * `&redirect=<path>` when one was asked for). Clear the parameter and go to the path saved
 * before leaving (session storage), else the server's redirect, else stay on `/` (spec §2).
 * The session cookie is new: a GraphQL client already loaded fetches the current user again
 * (otherwise the header's probe asks, and the client is not loaded for it).
 */
export const useAuthSuccessRedirect = (): void => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const authSuccess = params.get('auth_success') === 'true';
  const serverRedirect = params.get('redirect');
  const handled = useRef(false);

  useEffect(() => {
    // Once: the saved path is read and forgotten (StrictMode runs effects twice in development).
    if (!authSuccess || handled.current) return;
    handled.current = true;
    const saved = takeRedirectAfterLogin();
    const target = saved ?? (isSafeRedirectPath(serverRedirect) ? serverRedirect : '/');
    if (isApolloLoaded())
      void import('../utils/refresh-current-user').then(({ refreshCurrentUser }) =>
        refreshCurrentUser(),
      );
    void navigate(target, { replace: true });
  }, [authSuccess, serverRedirect, navigate]);
};
