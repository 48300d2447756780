import { useSyncExternalStore } from 'react';

/*
 * Whether the GraphQL client has been loaded on this page. Public pages hydrate without it; the
 * signed-in shell (header account area, credits) takes over as soon as it is here (a sign-in, a
 * page that needs it) and otherwise only when the visitor turns out to be signed in.
 */
let loaded = false;
const listeners = new Set<() => void>();

export const markApolloLoaded = (): void => {
  if (loaded) return;
  loaded = true;
  for (const listener of listeners) listener();
};

export const isApolloLoaded = (): boolean => loaded;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** False while hydrating (as on the server), then the client's answer. */
export const useApolloLoaded = (): boolean =>
  useSyncExternalStore(subscribe, isApolloLoaded, () => false);
