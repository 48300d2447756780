import { Link } from 'react-router';

import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { pluralise } from '../../credits/utils/credit-rules';
import { ButtonLink } from '../../ui/components/Button';
import { IconCoins } from '../../ui/icons/icons';

import styles from './PricingAccountBar.module.css';

/**
 * The pricing page's account line (spec §2): Credits with a profile link when signed in,
 * otherwise Sign In and Get Started linking to /auth.
 */
export const PricingAccountBar = () => {
  const { user, loading } = useCurrentUser();
  if (loading) return <div className={styles.bar} aria-hidden="true" />;
  if (user) {
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
  }
  return (
    <div className={styles.bar}>
      <ButtonLink to="/auth?mode=login" variant="ghost" size="sm">
        Sign In
      </ButtonLink>
      <ButtonLink to="/auth?mode=register" variant="secondary" size="sm">
        Get Started
      </ButtonLink>
    </div>
  );
};
