import { useQuery } from '@apollo/client/react';

import { graphql } from '../../../gql';
import type { CurrentUserQuery } from '../../../gql/graphql';

/**
 * The signed-in user, or null. Every credits figure on screen (header, sidebar, profile,
 * creators) reads this query, so one refetch updates them all.
 */
export const CURRENT_USER_FRAGMENT = graphql(`
  fragment CurrentUser_User on User {
    id
    email
    username
    fullName
    profileImageUrl
    credits
    generationsRemaining
    subscriptionStatus
    currentPlan
    roles
  }
`);

export const CURRENT_USER_QUERY = graphql(`
  query CurrentUser {
    me {
      ...CurrentUser_User
    }
  }
`);

export type CurrentUser = NonNullable<CurrentUserQuery['me']>;

export type CurrentUserState = {
  user: CurrentUser | null;
  /** True until the first answer arrives (a cached user shows at once while it refreshes). */
  loading: boolean;
  /** The server did not answer (an error, no cached answer): signed in or not is unknown. */
  unreachable: boolean;
  refetch: () => Promise<unknown>;
};

/**
 * Spec: the current-user query does not retry and is always stale, so every mount asks the
 * server again while showing what the cache already holds (`cache-and-network`).
 * Signed out is `me: null`, not an error.
 */
export const useCurrentUser = (): CurrentUserState => {
  const { data, loading, error, refetch } = useQuery(CURRENT_USER_QUERY, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const user = data?.me ?? null;
  return {
    user,
    loading: loading && data === undefined,
    unreachable: !loading && data === undefined && error !== undefined,
    refetch,
  };
};
