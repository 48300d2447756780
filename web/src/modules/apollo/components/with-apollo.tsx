import type { ComponentType } from 'react';

import { yieldToBrowser } from '../../browser/utils/yield-to-browser';

/**
 * Loads a component together with the GraphQL client and renders it inside the client's
 * provider: code that needs Apollo is reached only through this, so the pages and layouts that
 * do not need it (landing, about, legal) hydrate without it.
 */
export const withApollo = async <P extends object>(
  load: () => Promise<ComponentType<P>>,
): Promise<ComponentType<P>> => {
  // Requested together; the client is set up, then the browser gets a turn before the page.
  const provider = import('./AppApolloProvider');
  const component = load();
  const { AppApolloProvider } = await provider;
  await yieldToBrowser();
  const Component = await component;
  const WithApollo = (props: P) => (
    <AppApolloProvider>
      <Component {...props} />
    </AppApolloProvider>
  );
  WithApollo.displayName = `WithApollo(${Component.displayName ?? Component.name})`;
  return WithApollo;
};
