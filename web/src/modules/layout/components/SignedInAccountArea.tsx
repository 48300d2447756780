import { useLogout } from '../../auth/hooks/useLogout';
import type { CurrentUser } from '../../auth/hooks/useCurrentUser';

import { SignedInHeaderMenu } from './SignedInHeaderMenu';
import { SignedInMobileAccount } from './SignedInMobileAccount';

type SignedInAccountAreaProps = {
  user: CurrentUser;
  stacked: boolean;
  onNavigate?: () => void;
};

/**
 * The header's signed-in state (credits and avatar menu, or the mobile menu's account block).
 * A chunk of its own: signed-out visitors never load the menu or the logout mutation.
 */
export const SignedInAccountArea = ({ user, stacked, onNavigate }: SignedInAccountAreaProps) => {
  const { logout } = useLogout('menu');
  const account = {
    credits: user.credits,
    displayName: user.fullName || user.username,
    avatarUrl: user.profileImageUrl,
    onLogout: () => void logout(),
  };
  return stacked ? (
    <SignedInMobileAccount {...account} onNavigate={onNavigate} />
  ) : (
    <SignedInHeaderMenu {...account} />
  );
};
