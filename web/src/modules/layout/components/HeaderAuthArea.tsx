import { Button } from '../../ui/components/Button';
import { cx } from '../../ui/utils/cx';

import styles from './HeaderAuthArea.module.css';

type HeaderAuthAreaProps = {
  /** Opens sign-in (the auth modal in login mode, or /auth). */
  onSignIn: () => void;
  /** Opens sign-up (the auth modal in register mode, or /auth). */
  onGetStarted: () => void;
  /** Full-width stacked buttons, for the mobile menu. */
  stacked?: boolean;
};

/**
 * The header's signed-out state: Sign In and Get Started (named for the auth dialog to give focus
 * back to after the header renders them anew).
 */
export const HeaderAuthArea = ({
  onSignIn,
  onGetStarted,
  stacked = false,
}: HeaderAuthAreaProps) => (
  <div className={cx(styles.area, stacked && styles.stacked)}>
    <Button
      variant={stacked ? 'secondary' : 'ghost'}
      size="sm"
      fullWidth={stacked}
      onClick={onSignIn}
      data-focus-return="header-sign-in"
    >
      Sign In
    </Button>
    <Button
      size="sm"
      fullWidth={stacked}
      onClick={onGetStarted}
      data-focus-return="header-get-started"
    >
      Get Started
    </Button>
  </div>
);
