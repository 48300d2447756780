import { ButtonLink } from '../../ui/components/Button';

import styles from './PricingAccountBar.module.css';

/** The pricing page's account line for a visitor: Sign In and Get Started, linking to /auth. */
export const PricingSignedOutLinks = () => (
  <div className={styles.bar}>
    <ButtonLink to="/auth?mode=login" variant="ghost" size="sm">
      Sign In
    </ButtonLink>
    <ButtonLink to="/auth?mode=register" variant="secondary" size="sm">
      Get Started
    </ButtonLink>
  </div>
);
