import { resolveCurrentPlan } from '../../profile/utils/subscription-display';

type PlanFacts = { id: string; name: string; price: number };
type SubscriberFacts = { currentPlan: string | null | undefined; subscriptionStatus: string };

/**
 * The id of the plan a signed-in user is on, as the profile's subscription card tells it: a
 * paid plan that runs (past due or set to cancel included), otherwise the Free plan. Null for a
 * visitor.
 */
export const currentPlanId = (
  user: SubscriberFacts | null,
  plans: readonly PlanFacts[],
): string | null => {
  if (!user) return null;
  const paid =
    user.subscriptionStatus === 'CANCELED' ? null : resolveCurrentPlan(user.currentPlan, plans);
  return (paid ?? plans.find((plan) => plan.price === 0))?.id ?? null;
};
