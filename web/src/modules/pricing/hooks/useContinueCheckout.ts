import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { SUBSCRIBE_PARAM, type CheckoutPlan } from './useSubscriptionCheckout';

/**
 * Back on `/pricing?subscribe=<plan>` (after signing in from "Choose Pro"): starts that paid
 * plan's checkout once, and takes the parameter out of the address so Back does not repeat it.
 * Still signed out (a shared link), the sign-in modal opens for that plan instead.
 */
export const useContinueCheckout = (
  plans: readonly (CheckoutPlan & { price: number })[] | undefined,
  startCheckout: (plan: CheckoutPlan) => Promise<void>,
) => {
  const [params, setParams] = useSearchParams();
  const planId = params.get(SUBSCRIBE_PARAM);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!planId || !plans || handled.current === planId) return;
    handled.current = planId;
    const next = new URLSearchParams(params);
    next.delete(SUBSCRIBE_PARAM);
    setParams(next, { replace: true });
    const plan = plans.find((candidate) => candidate.id === planId && candidate.price > 0);
    if (plan) void startCheckout(plan);
  }, [params, planId, plans, setParams, startCheckout]);
};
