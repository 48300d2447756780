import { ApolloClient, InMemoryCache } from '@apollo/client';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';

export const GRAPHQL_URI = '/graphql';

/**
 * The API runs GraphQL Yoga with CSRF prevention: every request must carry this header
 * (multipart uploads included), otherwise Yoga rejects it.
 */
export const CSRF_HEADERS = { 'x-graphql-yoga-csrf': '1' } as const;

export const createApolloClient = (): ApolloClient =>
  new ApolloClient({
    /*
     * The only (terminating) link: regular POSTs, and multipart requests when variables hold
     * files. The session is an httpOnly cookie (README, differences from the spec): cookies
     * always go, and the app keeps no token where scripts can read it.
     */
    link: new UploadHttpLink({
      uri: GRAPHQL_URI,
      credentials: 'include',
      headers: { ...CSRF_HEADERS },
    }),
    cache: new InMemoryCache(),
    /*
     * Query cache notes of the spec: data stays fresh for 5 minutes, no refetch on window
     * focus, no polling, no retries. Apollo keeps normalised data until it is evicted or
     * refetched, so `cache-first` is the match; nothing here polls or retries (no RetryLink),
     * and no refetch-event manager is configured. Queries that must be current (the current
     * user: always stale, cached 60 s; the profile refetches on open) opt into
     * `cache-and-network` / `network-only` where they are used.
     */
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first', refetchOn: false },
      query: { fetchPolicy: 'cache-first' },
    },
    devtools: { enabled: import.meta.env.DEV },
  });

export const apolloClient = createApolloClient();
