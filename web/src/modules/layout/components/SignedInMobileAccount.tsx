import { Link } from 'react-router';

import { pluralise } from '../../credits/utils/credit-rules';
import { Button } from '../../ui/components/Button';
import { IconCoins, IconImage, IconLogout, IconUser } from '../../ui/icons/icons';
import { initialsOf } from '../utils/initials-of';

import styles from './SignedInMobileAccount.module.css';

type SignedInMobileAccountProps = {
  credits: number;
  displayName: string;
  avatarUrl?: string | null;
  onNavigate?: () => void;
  onLogout: () => void;
};

/** The mobile menu's signed-in block: who is signed in, credits, Profile, My creations and Logout. */
export const SignedInMobileAccount = ({
  credits,
  displayName,
  avatarUrl,
  onNavigate,
  onLogout,
}: SignedInMobileAccountProps) => (
  <div className={styles.account}>
    <div className={styles.identity}>
      <span className={styles.avatar} aria-hidden="true">
        {avatarUrl ? (
          <img src={avatarUrl} alt="" width={40} height={40} />
        ) : (
          initialsOf(displayName)
        )}
      </span>
      <strong className={styles.name}>{displayName}</strong>
      <Link to="/pricing" className={styles.credits} onClick={onNavigate}>
        <IconCoins size={16} />
        {pluralise(credits, 'credit')}
      </Link>
    </div>
    <Link to="/profile" className={styles.item} onClick={onNavigate}>
      <IconUser size={18} />
      Profile
    </Link>
    <Link to="/creations" className={styles.item} onClick={onNavigate}>
      <IconImage size={18} />
      My creations
    </Link>
    <Button
      variant="secondary"
      fullWidth
      icon={<IconLogout size={18} />}
      onClick={() => {
        onNavigate?.();
        onLogout();
      }}
    >
      Logout
    </Button>
  </div>
);
