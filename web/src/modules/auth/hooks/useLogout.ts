import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { graphql } from '../../../gql';
import { useToast } from '../../toast/hooks/useToast';
import { LOGOUT_TOASTS } from '../utils/auth-toasts';
import { settleLogoutNavigation, startLeavingAfterLogout } from '../utils/logout-in-progress';
import type { LogoutPlace } from '../utils/auth-toasts';

const LOGOUT_MUTATION = graphql(`
  mutation Logout {
    logout
  }
`);

/**
 * Revokes the session, empties the cache (refetching the active queries, so `me` becomes
 * null everywhere) and goes to the root (spec §4).
 */
export const useLogout = (place: LogoutPlace) => {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { toast } = useToast();
  const [logout, { loading }] = useMutation(LOGOUT_MUTATION);

  const run = useCallback(async () => {
    startLeavingAfterLogout(pathname);
    try {
      await logout();
    } catch {
      settleLogoutNavigation(null);
      toast(LOGOUT_TOASTS[place].failed);
      return;
    }
    // The page being left may stay on screen until the root's code has loaded, and would see
    // `me` turn null: signed-in-only pages render nothing while leaving (logout-in-progress).
    await navigate('/', { flushSync: true });
    await client.resetStore().catch(() => undefined);
    toast(LOGOUT_TOASTS[place].succeeded);
  }, [client, logout, navigate, pathname, place, toast]);

  return { logout: run, pending: loading };
};
