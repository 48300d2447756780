import { lazy } from 'react';

import { useCurrentUser } from '../../auth/hooks/useCurrentUser';

import { HeaderAccountCorner } from './HeaderAccountCorner';

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
  return (
    <HeaderAccountCorner
      state={loading ? 'pending' : user ? 'signed-in' : 'signed-out'}
      signedIn={
        user && <SignedInAccountArea user={user} stacked={stacked} onNavigate={onNavigate} />
      }
      stacked={stacked}
      onNavigate={onNavigate}
    />
  );
};
