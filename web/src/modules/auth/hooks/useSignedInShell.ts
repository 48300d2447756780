import { useEffect, useState } from 'react';

import { isApolloLoaded, useApolloLoaded } from '../../apollo/utils/apollo-loaded';
import { probeSignedIn } from '../utils/signed-in-probe';

/**
 * `pending` while hydrating and until the probe answers; `signed-out` for a visitor (no GraphQL
 * client needed); `shell` when the signed-in shell should render: signed in, or the client is
 * loaded anyway (a page that needs it, a sign-in in the modal), and it knows best.
 */
export type SignedInShellState = 'pending' | 'signed-out' | 'shell';

export const useSignedInShell = (): SignedInShellState => {
  const apolloLoaded = useApolloLoaded();
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    // isApolloLoaded, not the rendered value: hydration renders as the server did (false).
    if (apolloLoaded || isApolloLoaded()) return;
    let live = true;
    void probeSignedIn().then((answer) => {
      if (live) setSignedIn(answer);
    });
    return () => {
      live = false;
    };
  }, [apolloLoaded]);
  if (apolloLoaded || signedIn) return 'shell';
  return signedIn === false ? 'signed-out' : 'pending';
};
