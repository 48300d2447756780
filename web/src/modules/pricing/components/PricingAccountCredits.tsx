import { Link } from 'react-router';

import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { pluralise } from '../../credits/utils/credit-rules';
import { IconCoins } from '../../ui/icons/icons';

import styles from './PricingAccountBar.module.css';
import { PricingSignedOutLinks } from './PricingSignedOutLinks';

/** PricingAccountBar's line once the GraphQL client is here: the user's credits, or the links. */
export const PricingAccountCredits = () => {
  const { user, loading } = useCurrentUser();
  if (loading) return <div className={styles.bar} aria-hidden="true" />;
  if (!user) return <PricingSignedOutLinks />;
  return (
    <div className={styles.bar}>
      <span className={styles.credits}>
        <IconCoins size={18} className={styles.icon} />
        Credits: <strong>{pluralise(user.credits, 'credit')}</strong>
      </span>
      <Link to="/profile" className={styles.link}>
        View your profile
      </Link>
    </div>
  );
};
