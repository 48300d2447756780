import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { useToast } from '../../toast/hooks/useToast';
import { googleErrorToast } from '../utils/auth-toasts';
import { POST_LOGIN_REDIRECT_DELAY_MS, isSafeRedirectPath } from '../utils/post-login-redirect';
import type { AuthMode } from '../utils/auth-mode';
import { useCurrentUser } from './useCurrentUser';

/**
 * The /auth page's behaviour: `?mode=register` opens Sign Up; `?error=<code>` (a Google
 * sign-in that did not complete) shows its toast once; signed-in visitors go to `/` (or to
 * `?redirect=`), and so does a successful sign-in, after 100 ms.
 */
export const useAuthPageFlow = () => {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { user, loading } = useCurrentUser();
  const [mode, setMode] = useState<AuthMode>(
    params.get('mode') === 'register' ? 'register' : 'login',
  );
  const redirectParam = params.get('redirect');
  const target = isSafeRedirectPath(redirectParam) ? redirectParam : '/';
  const signedInHere = useRef(false);

  const error = params.get('error');
  useEffect(() => {
    if (!error) return;
    toast(googleErrorToast(error));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, setParams, toast]);

  useEffect(() => {
    if (user && !signedInHere.current) void navigate(target, { replace: true });
  }, [user, navigate, target]);

  const onSuccess = useCallback(() => {
    signedInHere.current = true;
    window.setTimeout(() => void navigate(target, { replace: true }), POST_LOGIN_REDIRECT_DELAY_MS);
  }, [navigate, target]);

  return { mode, setMode, target, onSuccess, checkingSession: loading };
};
