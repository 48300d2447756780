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
