import { graphql } from '../../../gql';
import type { ProfileCreditsCard_UserFragment } from '../../../gql/graphql';
import {
  CREDITS_PER_GENERATION,
  isLowOnCredits,
  pluralise,
} from '../../credits/utils/credit-rules';
import { CreditBuckets } from '../../credits/components/CreditBuckets';
import { ButtonLink } from '../../ui/components/Button';
import { IconCoins } from '../../ui/icons/icons';
import { cx } from '../../ui/utils/cx';

import styles from './ProfileCards.module.css';

export const PROFILE_CREDITS_CARD_FRAGMENT = graphql(`
  fragment ProfileCreditsCard_User on User {
    id
    credits
    generationsRemaining
    creditBuckets {
      ...CreditBuckets_CreditBucketBalance
    }
  }
`);

/** The credits card: balance, generations it pays for, Get More Credits. */
export const ProfileCreditsCard = ({ user }: { user: ProfileCreditsCard_UserFragment }) => {
  const low = isLowOnCredits(user.credits);
  return (
    <section className={cx(styles.card, low && styles.low)} aria-labelledby="credits-title">
      <h2 id="credits-title" className={styles.cardTitle}>
        <IconCoins size={20} className={styles.cardIcon} />
        Credits
      </h2>
      <p className={styles.bigNumber}>
        <span data-testid="profile-credits">{user.credits.toLocaleString('en-US')}</span>
        <span className={styles.bigUnit}>{user.credits === 1 ? 'credit' : 'credits'}</span>
      </p>
      <p className={styles.cardText}>
        {pluralise(user.generationsRemaining, 'generation')} remaining · each image uses{' '}
        {CREDITS_PER_GENERATION} credits
      </p>
      <CreditBuckets balance={user.creditBuckets} />
      <ButtonLink to="/pricing" variant={low ? 'primary' : 'secondary'} fullWidth>
        Get More Credits
      </ButtonLink>
    </section>
  );
};
