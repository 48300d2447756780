import { useEffect, useState } from 'react';

import type { WatchedCurrentUser } from '../utils/watch-current-user';
import type { CurrentUser } from './useCurrentUser';
import { useSignedInShell } from './useSignedInShell';

const LOADING: WatchedCurrentUser = { user: null, loading: true };
const SIGNED_OUT: WatchedCurrentUser = { user: null, loading: false };

/**
 * The signed-in user (credits included) for a public page that hydrates without the GraphQL
 * client: loading while hydrating and until the probe of useSignedInShell answers, then nobody
 * for a visitor (no client loaded), or the client's current-user query once the signed-in shell
 * is here, kept current as useCurrentUser is.
 */
export const useSignedInUser = (): { user: CurrentUser | null; loading: boolean } => {
  const shell = useSignedInShell();
  const [watched, setWatched] = useState<WatchedCurrentUser>(LOADING);
  const watching = shell === 'shell';
  useEffect(() => {
    if (!watching) return;
    let live = true;
    let unsubscribe: (() => void) | null = null;
    void import('../utils/watch-current-user').then(({ watchCurrentUser }) => {
      if (live) unsubscribe = watchCurrentUser(setWatched);
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [watching]);
  if (shell === 'pending') return LOADING;
  if (shell === 'signed-out') return SIGNED_OUT;
  return watched;
};
