import { resolveCurrentPlan } from '../../profile/utils/subscription-display';

type PlanFacts = { id: string; name: string; price: number };
type SubscriberFacts = { currentPlan: string | null | undefined; subscriptionStatus: string };

/**
 * Where a signed-in user stands on the pricing page:
 * - `planId`: the card to mark "Your plan": the paid plan that runs (past due or set to cancel
 *   included), else the Free plan; none for a visitor, or for a paid plan no longer sold;
 * - `subscribed`: a paid plan runs, so every paid plan changes in the billing portal (the server
 *   refuses a second checkout with 409), whichever card it is.
 */
export type PlanStanding = { planId: string | null; subscribed: boolean };

const VISITOR: PlanStanding = { planId: null, subscribed: false };

export const planStanding = (
  user: SubscriberFacts | null,
  plans: readonly PlanFacts[],
): PlanStanding => {
  if (!user) return VISITOR;
  const subscribed = user.subscriptionStatus === 'ACTIVE' || user.subscriptionStatus === 'PAST_DUE';
  if (subscribed)
    return { planId: resolveCurrentPlan(user.currentPlan, plans)?.id ?? null, subscribed };
  return { planId: plans.find((plan) => plan.price === 0)?.id ?? null, subscribed };
};
