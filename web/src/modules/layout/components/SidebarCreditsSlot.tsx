import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { CreditsWidget } from '../../credits/components/CreditsWidget';
import { SidebarCreditBuckets } from '../../credits/components/SidebarCreditBuckets';

type SidebarCreditsSlotProps = { compact: boolean };

/** The sidebar's credits card, from the current user (loading, signed out, signed in). */
export const SidebarCreditsSlot = ({ compact }: SidebarCreditsSlotProps) => {
  const { user, loading } = useCurrentUser();
  const { openAuthModal } = useAuthModal();
  if (loading) return <CreditsWidget status="loading" compact={compact} />;
  if (!user) {
    return (
      <CreditsWidget
        status="signed-out"
        compact={compact}
        onLogin={() => openAuthModal({ mode: 'login' })}
      />
    );
  }
  return (
    <CreditsWidget
      status="signed-in"
      compact={compact}
      credits={user.credits}
      detail={() => <SidebarCreditBuckets />}
    />
  );
};
