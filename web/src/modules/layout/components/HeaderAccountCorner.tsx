import { Suspense } from 'react';
import type { ReactNode } from 'react';

import { useAuthModal } from '../../auth/hooks/useAuthModal';

import { HeaderAuthArea } from './HeaderAuthArea';
import styles from './HeaderAuthArea.module.css';

type HeaderAccountCornerProps = {
  /** pending: not known yet (a placeholder holds the space). */
  state: 'pending' | 'signed-in' | 'signed-out';
  /** The signed-in area, a lazy component: the placeholder stands in while it loads. */
  signedIn: ReactNode;
  stacked: boolean;
  onNavigate: (() => void) | undefined;
};

/**
 * The header's account corner once it is known who is here: the signed-in area, or Sign In and
 * Get Started, which open the auth modal in login or register mode.
 */
export const HeaderAccountCorner = ({
  state,
  signedIn,
  stacked,
  onNavigate,
}: HeaderAccountCornerProps) => {
  const { openAuthModal } = useAuthModal();
  const placeholder = <div className={styles.placeholder} aria-hidden="true" />;
  if (state === 'pending') return placeholder;
  if (state === 'signed-in') return <Suspense fallback={placeholder}>{signedIn}</Suspense>;
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
