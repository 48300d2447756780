import { Suspense, lazy } from 'react';

import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';

import { HeaderAuthArea } from './HeaderAuthArea';
import styles from './HeaderAuthArea.module.css';

const SignedInAccountArea = lazy(async () => ({
  default: (await import('./SignedInAccountArea')).SignedInAccountArea,
}));

type HeaderAuthSlotProps = {
  stacked?: boolean;
  onNavigate?: () => void;
};

/**
 * The header's auth area: the credits and avatar menu for a signed-in user, otherwise Sign In
 * and Get Started, which open the auth modal in login or register mode.
 */
export const HeaderAuthSlot = ({ stacked = false, onNavigate }: HeaderAuthSlotProps) => {
  const { user, loading } = useCurrentUser();
  const { openAuthModal } = useAuthModal();
  const placeholder = <div className={styles.placeholder} aria-hidden="true" />;

  if (loading) return placeholder;
  if (user) {
    return (
      <Suspense fallback={placeholder}>
        <SignedInAccountArea user={user} stacked={stacked} onNavigate={onNavigate} />
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
