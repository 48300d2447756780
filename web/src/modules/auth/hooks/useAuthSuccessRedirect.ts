import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { isSafeRedirectPath, takeRedirectAfterLogin } from '../utils/post-login-redirect';
import { useCurrentUser } from './useCurrentUser';

/**
 * After an external sign-in the server sends the browser to `/?auth_success=true` (with
 * `&redirect=<path>` when one was asked for). Clear the parameter and go to the path saved
 * before leaving (session storage), else the server's redirect, else stay on `/` (spec §2).
 * The session cookie is new, so the current user is fetched again.
 */
export const useAuthSuccessRedirect = (): void => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refetch } = useCurrentUser();
  const authSuccess = params.get('auth_success') === 'true';
  const serverRedirect = params.get('redirect');
  const handled = useRef(false);

  useEffect(() => {
    // Once: the saved path is read and forgotten (StrictMode runs effects twice in development).
    if (!authSuccess || handled.current) return;
    handled.current = true;
    const saved = takeRedirectAfterLogin();
    const target = saved ?? (isSafeRedirectPath(serverRedirect) ? serverRedirect : '/');
    void refetch().catch(() => undefined);
    void navigate(target, { replace: true });
  }, [authSuccess, serverRedirect, navigate, refetch]);
};
