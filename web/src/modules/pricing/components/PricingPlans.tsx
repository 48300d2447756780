import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { useSignedInUser } from '../../auth/hooks/useSignedInUser';
import { useToast } from '../../toast/hooks/useToast';
import { Button, ButtonLink } from '../../ui/components/Button';
import { Spinner } from '../../ui/components/Spinner';
import { useContinueCheckout } from '../hooks/useContinueCheckout';
import { useSubscriptionCheckout } from '../hooks/useSubscriptionCheckout';
import { useSubscriptionPlans } from '../hooks/useSubscriptionPlans';
import type { SubscriptionPlan } from '../hooks/useSubscriptionPlans';
import { planStanding } from '../utils/plan-standing';
import { formatPriceCents, perInterval } from '../utils/format-price';
import { LANDING_PLANS } from '../utils/landing-plans';

import { PlanCard } from './PlanCard';
import styles from './PricingPlans.module.css';

/** "Pro Plan" → "Pro". */
const shortName = (name: string): string => name.replace(/\s+Plan$/i, '');

const summaryOf = (plan: SubscriptionPlan): string | undefined =>
  LANDING_PLANS.find((landing) => landing.name === shortName(plan.name))?.summary;

/** Back from a canceled checkout (`/pricing?checkout=canceled`): say nothing was charged. */
const useCheckoutCanceledToast = () => {
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const handled = useRef(false);
  const canceled = params.get('checkout') === 'canceled';
  useEffect(() => {
    if (!canceled || handled.current) return;
    handled.current = true;
    toast({ title: 'Checkout canceled', description: 'You have not been charged.' });
    setParams({}, { replace: true });
  }, [canceled, setParams, toast]);
};

/**
 * The server's plans (spec §2 Pricing, §4): spinner, error with Retry, then the cards. A
 * signed-in user's own plan is marked, and its button leads to creating (Free) or to the
 * profile's Manage Subscription (a paid plan); on a paid plan, the other paid plans lead there
 * too, to switch, instead of a checkout the server would refuse.
 */
export const PricingPlans = () => {
  const { plans, loading, error } = useSubscriptionPlans();
  const { user } = useSignedInUser();
  const { startCheckout, pendingPlanId } = useSubscriptionCheckout();
  useCheckoutCanceledToast();
  useContinueCheckout(plans, startCheckout);

  if (loading) {
    return (
      <div className={styles.state}>
        <Spinner label="Loading plans" size="2.5rem" />
      </div>
    );
  }
  if (error || !plans) {
    return (
      <div className={styles.state} role="alert">
        <h2 className={styles.errorTitle}>Error Loading Plans</h2>
        <p className={styles.errorText}>
          Unable to load subscription plans. Please try again later.
        </p>
        <Button onClick={() => window.location.reload()}>Retry</Button>
      </div>
    );
  }

  const { planId: yourPlanId, subscribed } = planStanding(user, plans);
  return (
    <>
      <h2 className="visually-hidden">Plans</h2>
      <ul className={styles.grid}>
        {plans.map((plan) => {
          const free = plan.price === 0;
          const pending = pendingPlanId === plan.id;
          const current = plan.id === yourPlanId;
          return (
            <li key={plan.id}>
              <PlanCard
                name={plan.name}
                priceLabel={formatPriceCents(plan.price, 0)}
                period={perInterval(plan.interval)}
                summary={summaryOf(plan)}
                credits={plan.creditsPerMonth}
                generations={plan.generationsPerMonth}
                features={plan.features}
                popular={plan.popular}
                current={current}
                action={
                  free ? (
                    <ButtonLink to="/action-figure-creator" variant="secondary" fullWidth>
                      {user ? 'Start Creating' : 'Start Free'}
                    </ButtonLink>
                  ) : subscribed ? (
                    // A plan runs: it changes in the billing portal, not with a second checkout.
                    <ButtonLink to="/profile" variant="secondary" fullWidth>
                      {current ? 'Manage on your profile' : 'Switch on your profile'}
                    </ButtonLink>
                  ) : (
                    <Button
                      variant={plan.popular ? 'primary' : 'secondary'}
                      fullWidth
                      disabled={pendingPlanId !== null}
                      busy={pending}
                      onClick={() => void startCheckout(plan)}
                    >
                      {pending ? 'Processing...' : `Choose ${shortName(plan.name)}`}
                    </Button>
                  )
                }
              />
            </li>
          );
        })}
      </ul>
    </>
  );
};
