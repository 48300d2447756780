import { Suspense, lazy } from 'react';

import { withApollo } from '../../apollo/components/with-apollo';
import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { useSignedInShell } from '../../auth/hooks/useSignedInShell';
import { CreditsWidget } from '../../credits/components/CreditsWidget';

/** The signed-in credits card, with the GraphQL client: it loads only for the signed-in shell. */
const SidebarCreditsSlot = lazy(async () => ({
  default: await withApollo(async () => (await import('./SidebarCreditsSlot')).SidebarCreditsSlot),
}));

type SidebarAccountSlotProps = { compact: boolean };

/**
 * The sidebar's credits card without the GraphQL client: loading on the prerendered page and
 * until the probe answers, Login Required for a visitor, the balance for a signed-in user.
 */
export const SidebarAccountSlot = ({ compact }: SidebarAccountSlotProps) => {
  const shell = useSignedInShell();
  const { openAuthModal } = useAuthModal();
  const loading = <CreditsWidget status="loading" compact={compact} />;
  if (shell === 'pending') return loading;
  if (shell === 'signed-out') {
    return (
      <CreditsWidget
        status="signed-out"
        compact={compact}
        onLogin={() => openAuthModal({ mode: 'login' })}
      />
    );
  }
  return (
    <Suspense fallback={loading}>
      <SidebarCreditsSlot compact={compact} />
    </Suspense>
  );
};
