import { useSyncExternalStore } from 'react';

/*
 * While a logout takes the visitor to the root, the page being left can still be on screen when
 * the cache empties (the next page's code may still be loading), and a signed-in-only page would
 * then send the visitor to /auth instead. Those pages read this flag and render nothing meanwhile.
 * It is set for the path being left and cleared once another path has rendered (AppRoot).
 */
let leavingPath: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const startLeavingAfterLogout = (path: string): void => {
  leavingPath = path;
  emit();
};

/** Called with each rendered path: the page that was left is gone once another one shows. */
export const settleLogoutNavigation = (renderedPath: string | null): void => {
  if (leavingPath === null || renderedPath === leavingPath) return;
  leavingPath = null;
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while a logout is taking the visitor away from `path`. */
export const useLeavingAfterLogout = (path: string): boolean =>
  useSyncExternalStore(
    subscribe,
    () => leavingPath === path,
    () => false,
  );
