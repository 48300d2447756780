import { Suspense, lazy } from 'react';

import { withApollo } from '../../apollo/components/with-apollo';
import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { useSignedInShell } from '../../auth/hooks/useSignedInShell';

import { HeaderAuthArea } from './HeaderAuthArea';
import styles from './HeaderAuthArea.module.css';

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
  const { openAuthModal } = useAuthModal();
  const placeholder = <div className={styles.placeholder} aria-hidden="true" />;
  if (shell === 'pending') return placeholder;
  if (shell === 'shell') {
    return (
      <Suspense fallback={placeholder}>
        <HeaderAuthSlot stacked={stacked} onNavigate={onNavigate} />
      </Suspense>
    );
  }
  const open = (mode: 'login' | 'register') => {
    onNavigate?.();
    openAuthModal({ mode });
  };
  return (
    <HeaderAuthArea
      stacked={stacked}
      onSignIn={() => open('login')}
      onGetStarted={() => open('register')}
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
