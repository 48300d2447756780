import { Link } from 'react-router';

import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { pluralise } from '../../credits/utils/credit-rules';
import { IconCoins } from '../../ui/icons/icons';

import styles from './SignedInHeaderMenu.module.css';

/** The signed-in user's credits in the phone header, beside the menu button. */
export const HeaderCreditsPill = () => {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Link
      to="/pricing"
      className={`${styles.credits} ${styles.mobileCredits}`}
      aria-label={`${pluralise(user.credits, 'credit')}. Add credits`}
    >
      <IconCoins size={18} className={styles.creditsIcon} />
      <span aria-hidden="true">{user.credits.toLocaleString('en-US')}</span>
    </Link>
  );
};
