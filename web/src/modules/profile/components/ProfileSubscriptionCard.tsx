import { useNavigate } from 'react-router';

import { graphql } from '../../../gql';
import type { ProfileSubscriptionCard_UserFragment } from '../../../gql/graphql';
import type { SubscriptionPlan } from '../../pricing/hooks/useSubscriptionPlans';
import { formatPriceCents, perInterval } from '../../pricing/utils/format-price';
import { Badge } from '../../ui/components/Badge';
import { Button } from '../../ui/components/Button';
import { IconSparkles } from '../../ui/icons/icons';
import { formatDate } from '../../ui/utils/format-date';
import { useSubscriptionManagement } from '../hooks/useSubscriptionManagement';
import { subscriptionDisplay } from '../utils/subscription-display';

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

type ProfileSubscriptionCardProps = {
  user: ProfileSubscriptionCard_UserFragment;
  plans: readonly SubscriptionPlan[] | undefined;
};

/**
 * Plan, price (2 decimals), status and what comes next; Upgrade Plan on Free (also once a paid
 * plan has ended), Manage Subscription on a paid plan, including one set to cancel.
 */
export const ProfileSubscriptionCard = ({ user, plans }: ProfileSubscriptionCardProps) => {
  const display = subscriptionDisplay(user, plans, formatDate);
  const { plan, badge } = display;
  const { open, pending } = useSubscriptionManagement();
  const navigate = useNavigate();
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
          : display.ended
            ? display.note
            : 'You are on the Free plan. Upgrade for more credits every month, higher quality and the priority queue.'}
      </p>
      {display.period && (
        <p className={styles.cardText} data-testid="subscription-period">
          {display.period.label} <strong>{display.period.date}</strong>
          {plan && display.note ? `. ${display.note}` : null}
        </p>
      )}
      <Button
        variant={display.action === 'manage' ? 'secondary' : 'primary'}
        fullWidth
        busy={pending}
        onClick={() => (display.ended ? void navigate('/pricing') : void open())}
      >
        {display.action === 'manage' ? 'Manage Subscription' : 'Upgrade Plan'}
      </Button>
    </section>
  );
};
