import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';

import { markApolloLoaded } from '../utils/apollo-loaded';
import { apolloClient } from '../utils/create-apollo-client';

markApolloLoaded();

export const AppApolloProvider = ({ children }: { children: ReactNode }) => (
  <ApolloProvider client={apolloClient}>{children}</ApolloProvider>
);
