import type { BadgeTone } from '../../ui/components/Badge';

type SubscriptionStatus = 'ACTIVE' | 'CANCELED' | 'PAST_DUE' | 'FREE';

/** Spec §4: active is green Active, canceled Canceled, past_due Past Due, anything else Free. */
export const subscriptionBadge = (
  status: SubscriptionStatus | string,
): { label: string; tone: BadgeTone } => {
  switch (status) {
    case 'ACTIVE':
      return { label: 'Active', tone: 'success' };
    case 'CANCELED':
      return { label: 'Canceled', tone: 'warning' };
    case 'PAST_DUE':
      return { label: 'Past Due', tone: 'danger' };
    default:
      return { label: 'Free', tone: 'neutral' };
  }
};

/**
 * The plan the user is on, or null for Free: the plan is Free when it is missing, is "Free"
 * or is not in the plan list (spec §4).
 */
export const resolveCurrentPlan = <Plan extends { name: string; price: number }>(
  currentPlan: string | null | undefined,
  plans: readonly Plan[] | undefined,
): Plan | null => {
  if (!currentPlan || currentPlan === 'Free') return null;
  const plan = plans?.find((candidate) => candidate.name === currentPlan);
  return plan && plan.price > 0 ? plan : null;
};

type SubscriptionFacts = {
  currentPlan: string | null | undefined;
  subscriptionStatus: SubscriptionStatus | string;
  subscriptionRenewsAt: string | null | undefined;
  cancelAtPeriodEnd: boolean;
};

export type SubscriptionDisplay<Plan> = {
  /** The paid plan the user holds now, or null for the Free plan. */
  plan: Plan | null;
  badge: { label: string; tone: BadgeTone };
  /** "Renews on" / "Cancels on" with the date, when a paid plan runs. */
  period: { label: string; date: string } | null;
  /** A sentence about what happens next, when there is more to say than the plan. */
  note: string | null;
  /** A paid plan is managed in the portal; the Free plan (also after a plan ended) is upgraded. */
  action: 'manage' | 'upgrade';
  /** A paid plan that has ended: Upgrade Plan goes straight to the plans. */
  ended: boolean;
};

/**
 * What the subscription card shows:
 * - a running plan: Active (green) and "Renews on <date>";
 * - a plan set to cancel: "Cancels on <date>" as its badge and text until the period ends;
 * - an ended plan (the provider says canceled): the Free plan, badged Canceled, with Upgrade Plan;
 * - past due: the plan, Past Due; anything else: Free (spec §4).
 */
export const subscriptionDisplay = <Plan extends { name: string; price: number }>(
  user: SubscriptionFacts,
  plans: readonly Plan[] | undefined,
  formatDay: (iso: string) => string,
): SubscriptionDisplay<Plan> => {
  const status = user.subscriptionStatus;
  const ended = status === 'CANCELED';
  const plan = ended ? null : resolveCurrentPlan(user.currentPlan, plans);
  const day = user.subscriptionRenewsAt ? formatDay(user.subscriptionRenewsAt) : null;
  if (ended) {
    return {
      plan: null,
      badge: subscriptionBadge(status),
      period: null,
      note: 'Your paid plan has ended and you are on the Free plan. Upgrade for more credits every month.',
      action: 'upgrade',
      ended: true,
    };
  }
  if (plan && user.cancelAtPeriodEnd && day) {
    return {
      plan,
      badge: { label: `Cancels on ${day}`, tone: 'warning' },
      period: { label: 'Cancels on', date: day },
      note: `Your ${plan.name} stays active until then and will not renew; after that you are on the Free plan. Manage Subscription lets you resume it.`,
      action: 'manage',
      ended: false,
    };
  }
  return {
    plan,
    badge: subscriptionBadge(status),
    period: plan && day ? { label: 'Renews on', date: day } : null,
    note: null,
    action: plan ? 'manage' : 'upgrade',
    ended: false,
  };
};
