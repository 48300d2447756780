import { getAccountSnapshot, loadAccountSnapshot } from '@app/projections';
import pg from 'pg';
import { planById } from '../billing/plans';
import { generationsRemaining } from '../credits/credit-constants';
import type { Role, UserRecord } from './users-repository';

export type PublicSubscriptionStatus = 'active' | 'canceled' | 'past_due' | 'free';

/** What a user sees of their own account (the spec's User entity). */
export interface UserView {
  id: string;
  email: string;
  username: string;
  fullName: string | null;
  profileImageUrl: string | null;
  credits: number;
  generationsRemaining: number;
  subscriptionStatus: PublicSubscriptionStatus;
  currentPlan: string;
  /** End of the paid period: when it renews, or ends if cancellation is scheduled. */
  subscriptionRenewsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  roles: Role[];
  emailVerified: boolean;
  /** The account signs in with a password (false: Google only). */
  hasPassword: boolean;
}

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Joins the account with its balance and subscription read models. From the pool the read goes
 * in a group with other users' (one statement for many `me` queries under load).
 */
export async function buildUserView(
  db: Queryable,
  user: UserRecord,
  /** A fixed instant (tests of expiry); by default the time the read is sent. */
  at?: Date,
): Promise<UserView> {
  const { available, subscription } =
    db instanceof pg.Pool && !at
      ? await loadAccountSnapshot(db, user.id)
      : await getAccountSnapshot(db, user.id, at ?? new Date());
  const status = subscription?.status;
  const publicStatus: PublicSubscriptionStatus =
    status === 'active' || status === 'canceled' || status === 'past_due' ? status : 'free';
  // A plan set to cancel stays active until its period ends; `canceled` means it has ended (its
  // remaining credits expired with it), so the user is on the Free plan again.
  const planStillHeld = status === 'active' || status === 'past_due';
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    fullName: user.fullName,
    profileImageUrl: user.profileImageUrl,
    credits: available,
    generationsRemaining: generationsRemaining(available),
    subscriptionStatus: publicStatus,
    currentPlan: (planStillHeld && planById(subscription?.planId)?.name) || 'Free',
    subscriptionRenewsAt: planStillHeld ? (subscription?.currentPeriodEnd ?? null) : null,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    roles: user.roles,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
  };
}
