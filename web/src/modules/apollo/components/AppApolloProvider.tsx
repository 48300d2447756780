import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';

import { apolloClient } from '../utils/create-apollo-client';

export const AppApolloProvider = ({ children }: { children: ReactNode }) => (
  <ApolloProvider client={apolloClient}>{children}</ApolloProvider>
);
