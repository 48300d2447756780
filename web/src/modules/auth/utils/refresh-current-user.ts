import { apolloClient } from '../../apollo/utils/create-apollo-client';
import { CURRENT_USER_QUERY } from '../hooks/useCurrentUser';

/** Asks the server for the current user again (every credits figure on screen follows). */
export const refreshCurrentUser = async (): Promise<void> => {
  await apolloClient
    .query({ query: CURRENT_USER_QUERY, fetchPolicy: 'network-only' })
    .catch(() => undefined);
};
