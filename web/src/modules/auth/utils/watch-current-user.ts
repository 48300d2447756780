import { apolloClient } from '../../apollo/utils/create-apollo-client';
import { CURRENT_USER_QUERY, type CurrentUser } from '../hooks/useCurrentUser';

export type WatchedCurrentUser = { user: CurrentUser | null; loading: boolean };

/**
 * The current-user query of the GraphQL client, watched outside its provider, with the fetch
 * policies of useCurrentUser: every refetch of `CurrentUser` (after a generation, a claim, a
 * sign-in or sign-out) reaches the listener. Returns the unsubscribe.
 */
export const watchCurrentUser = (listener: (state: WatchedCurrentUser) => void): (() => void) => {
  const subscription = apolloClient
    .watchQuery({
      query: CURRENT_USER_QUERY,
      fetchPolicy: 'cache-and-network',
      nextFetchPolicy: 'cache-first',
    })
    .subscribe((result) => {
      const me = result.dataState === 'complete' ? result.data.me : undefined;
      listener({ user: me ?? null, loading: result.loading && me === undefined });
    });
  return () => subscription.unsubscribe();
};
