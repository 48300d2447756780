import { graphql } from '../../../../gql';
import type { UserSummary_StaffUserFragment } from '../../../../gql/graphql';
import { Badge } from '../../../ui/components/Badge';
import type { BadgeTone } from '../../../ui/components/Badge';
import { formatCount, formatUtc, formatUtcDay, humanize } from '../../utils/admin-format';
import { ROLE_LABELS } from '../../utils/staff-roles';
import styles from '../admin.module.css';

import summary from './UserSummary.module.css';

export const USER_SUMMARY_FRAGMENT = graphql(`
  fragment UserSummary_StaffUser on StaffUser {
    id
    email
    username
    fullName
    roles
    createdAt
    credits
    held
    lifetimeGranted
    lifetimePurchased
    lifetimeSpent
    lifetimeRefunded
    lifetimeExpired
    subscriptionStatus
    subscriptionPlan
    subscriptionPeriodEnd
    stripeCustomerId
  }
`);

const STATUS_TONES: Readonly<Record<string, BadgeTone>> = {
  active: 'success',
  past_due: 'warning',
  incomplete: 'warning',
  canceled: 'neutral',
  none: 'neutral',
};

type UserSummaryProps = { user: UserSummary_StaffUserFragment };

/** Who the user is, what they hold now and over their lifetime, and their subscription. */
export const UserSummary = ({ user }: UserSummaryProps) => (
  <section className={styles.panel} aria-labelledby="user-summary-title">
    <div className={summary.identity}>
      <div>
        <h2 id="user-summary-title" className={styles.panelTitle}>
          {user.fullName || user.username}
        </h2>
        <p className={styles.muted}>
          @{user.username} · <span className={summary.email}>{user.email}</span>
        </p>
        <p className={`${styles.muted} ${styles.small}`}>
          User id <span className={`${styles.mono} ${styles.wrapAnywhere}`}>{user.id}</span> ·
          joined {formatUtcDay(user.createdAt)}
        </p>
      </div>
      {user.roles.length > 0 && (
        <p className={summary.roles}>
          {user.roles.map((role) => (
            <Badge key={role} tone="accent">
              {ROLE_LABELS[role]}
            </Badge>
          ))}
        </p>
      )}
    </div>

    <div className={summary.columns}>
      <div className={summary.block}>
        <h3 className={summary.blockTitle}>Credits</h3>
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt>Available</dt>
            <dd data-testid="admin-user-credits">{formatCount(user.credits)}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Held for generations</dt>
            <dd>{formatCount(user.held)}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Granted (lifetime)</dt>
            <dd>{formatCount(user.lifetimeGranted)}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Purchased (lifetime)</dt>
            <dd>{formatCount(user.lifetimePurchased)}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Spent (lifetime)</dt>
            <dd>{formatCount(user.lifetimeSpent)}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Refunded (lifetime)</dt>
            <dd>{formatCount(user.lifetimeRefunded)}</dd>
          </div>
          <div className={styles.stat}>
            <dt>Expired (lifetime)</dt>
            <dd>{formatCount(user.lifetimeExpired)}</dd>
          </div>
        </dl>
      </div>

      <div className={summary.block}>
        <h3 className={summary.blockTitle}>Subscription</h3>
        <dl className={summary.facts}>
          <div>
            <dt>Status</dt>
            <dd>
              <Badge tone={STATUS_TONES[user.subscriptionStatus] ?? 'neutral'}>
                {humanize(user.subscriptionStatus)}
              </Badge>
            </dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{user.subscriptionPlan ? humanize(user.subscriptionPlan) : 'Free'}</dd>
          </div>
          <div>
            <dt>Period ends</dt>
            <dd>{user.subscriptionPeriodEnd ? formatUtc(user.subscriptionPeriodEnd) : '—'}</dd>
          </div>
          <div>
            <dt>Stripe customer</dt>
            <dd className={`${styles.mono} ${styles.wrapAnywhere}`}>
              {user.stripeCustomerId ?? '—'}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  </section>
);
