import type { ComponentType } from 'react';

/**
 * Loads a component together with the GraphQL client and renders it inside the client's
 * provider: code that needs Apollo is reached only through this, so the pages and layouts that
 * do not need it (landing, about, legal) hydrate without it.
 */
export const withApollo = async <P extends object>(
  load: () => Promise<ComponentType<P>>,
): Promise<ComponentType<P>> => {
  const [{ AppApolloProvider }, Component] = await Promise.all([
    import('./AppApolloProvider'),
    load(),
  ]);
  const WithApollo = (props: P) => (
    <AppApolloProvider>
      <Component {...props} />
    </AppApolloProvider>
  );
  WithApollo.displayName = `WithApollo(${Component.displayName ?? Component.name})`;
  return WithApollo;
};
