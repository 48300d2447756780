import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { graphql } from '../../../gql';
import { useToast } from '../../toast/hooks/useToast';
import { LOGOUT_TOASTS } from '../utils/auth-toasts';
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
  const { toast } = useToast();
  const [logout, { loading }] = useMutation(LOGOUT_MUTATION);

  const run = useCallback(async () => {
    try {
      await logout();
    } catch {
      toast(LOGOUT_TOASTS[place].failed);
      return;
    }
    // Rendered at once, not in a transition: the page being left must be gone before the cache
    // empties, or a signed-in-only page sees `me` turn null and sends the visitor to /auth.
    await navigate('/', { flushSync: true });
    await client.resetStore().catch(() => undefined);
    toast(LOGOUT_TOASTS[place].succeeded);
  }, [client, logout, navigate, place, toast]);

  return { logout: run, pending: loading };
};
