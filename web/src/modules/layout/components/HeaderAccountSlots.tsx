import { Suspense, lazy } from 'react';

import { withApollo } from '../../apollo/components/with-apollo';
import { useSignedInShell } from '../../auth/hooks/useSignedInShell';

import { HeaderAccountCorner } from './HeaderAccountCorner';

/*
 * The header's account corner without the GraphQL client: the prerendered page and a signed-out
 * visitor get the placeholder, then Sign In / Get Started; the signed-in shell (credits, avatar
 * menu, with Apollo) loads only for a signed-in user or once the client is here anyway.
 */

const HeaderAuthSlot = lazy(async () => ({
  default: await withApollo(async () => (await import('./HeaderAuthSlot')).HeaderAuthSlot),
}));
const HeaderCreditsPill = lazy(async () => ({
  default: await withApollo(async () => (await import('./HeaderCreditsPill')).HeaderCreditsPill),
}));

type HeaderAccountSlotProps = {
  stacked?: boolean;
  onNavigate?: () => void;
};

export const HeaderAccountSlot = ({ stacked = false, onNavigate }: HeaderAccountSlotProps) => {
  const shell = useSignedInShell();
  return (
    <HeaderAccountCorner
      state={shell === 'pending' ? 'pending' : shell === 'shell' ? 'signed-in' : 'signed-out'}
      signedIn={<HeaderAuthSlot stacked={stacked} onNavigate={onNavigate} />}
      stacked={stacked}
      onNavigate={onNavigate}
    />
  );
};

/** The phone header's credits pill: signed-in users only. */
export const HeaderAccountCredits = () =>
  useSignedInShell() === 'shell' ? (
    <Suspense fallback={null}>
      <HeaderCreditsPill />
    </Suspense>
  ) : null;
