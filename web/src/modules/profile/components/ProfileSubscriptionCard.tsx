import { graphql } from '../../../gql';
import type { ProfileSubscriptionCard_UserFragment } from '../../../gql/graphql';
import type { SubscriptionPlan } from '../../pricing/hooks/useSubscriptionPlans';
import { formatPriceCents, perInterval } from '../../pricing/utils/format-price';
import { Badge } from '../../ui/components/Badge';
import { Button } from '../../ui/components/Button';
import { Spinner } from '../../ui/components/Spinner';
import { IconSparkles } from '../../ui/icons/icons';
import { useSubscriptionManagement } from '../hooks/useSubscriptionManagement';
import { resolveCurrentPlan, subscriptionBadge } from '../utils/subscription-display';

import styles from './ProfileCards.module.css';

export const PROFILE_SUBSCRIPTION_CARD_FRAGMENT = graphql(`
  fragment ProfileSubscriptionCard_User on User {
    id
    currentPlan
    subscriptionStatus
    subscriptionRenewsAt
    cancelAtPeriodEnd
  }
`);

const formatDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));

type ProfileSubscriptionCardProps = {
  user: ProfileSubscriptionCard_UserFragment;
  plans: readonly SubscriptionPlan[] | undefined;
};

/** Plan, price (2 decimals), status; Upgrade Plan on Free, Manage Subscription on a paid plan. */
export const ProfileSubscriptionCard = ({ user, plans }: ProfileSubscriptionCardProps) => {
  const plan = resolveCurrentPlan(user.currentPlan, plans);
  const badge = subscriptionBadge(user.subscriptionStatus);
  const { open, pending } = useSubscriptionManagement();
  const freePlan = plans?.find((candidate) => candidate.price === 0);

  return (
    <section className={styles.card} aria-labelledby="subscription-title">
      <h2 id="subscription-title" className={styles.cardTitle}>
        <IconSparkles size={20} className={styles.cardIcon} />
        Subscription
      </h2>
      <div className={styles.planRow}>
        <p className={styles.planName}>{plan ? plan.name : 'Free'}</p>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <p className={styles.planPrice}>
        <span className={styles.planAmount}>{formatPriceCents(plan?.price ?? 0, 2)}</span>{' '}
        {perInterval(plan?.interval ?? freePlan?.interval ?? 'month')}
      </p>
      <p className={styles.cardText}>
        {plan
          ? `${plan.creditsPerMonth.toLocaleString('en-US')} credits every month. Credits reset monthly and do not roll over.`
          : 'You are on the Free plan. Upgrade for more credits every month, higher quality and the priority queue.'}
      </p>
      {plan && user.subscriptionRenewsAt && (
        <p className={styles.cardText}>
          {user.cancelAtPeriodEnd || user.subscriptionStatus === 'CANCELED'
            ? 'Ends on '
            : 'Renews on '}
          <strong>{formatDate(user.subscriptionRenewsAt)}</strong>
        </p>
      )}
      <Button
        variant={plan ? 'secondary' : 'primary'}
        fullWidth
        disabled={pending}
        aria-busy={pending || undefined}
        icon={pending ? <Spinner /> : undefined}
        onClick={() => void open()}
      >
        {plan ? 'Manage Subscription' : 'Upgrade Plan'}
      </Button>
    </section>
  );
};
