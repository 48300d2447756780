import { useCallback, useState } from 'react';

import { graphql } from '../../../gql';
import { useActionKey } from '../../apollo/hooks/useActionKey';
import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { isKnownSignedOut } from '../../auth/utils/known-signed-out';
import { errorCodeOf, isGraphQLFailure, userMessageOf } from '../../graphql/utils/graphql-failure';
import { postGraphQL } from '../../graphql/utils/post-graphql';
import { useToast } from '../../toast/hooks/useToast';

/** `/pricing?subscribe=<plan id>`: continue to this plan's checkout (after signing in). */
export const SUBSCRIBE_PARAM = 'subscribe';

export type CheckoutPlan = { id: string; name: string };

const CREATE_SUBSCRIPTION_CHECKOUT = graphql(`
  mutation CreateSubscriptionCheckout($planId: ID!, $idempotencyKey: String) {
    createSubscriptionCheckout(planId: $planId, idempotencyKey: $idempotencyKey) {
      sessionId
      url
    }
  }
`);

/**
 * Starts a paid plan's checkout: creates the session, then sends the browser to the
 * provider's hosted checkout (its `url`; the embedded local checkout in development).
 * Signed-out visitors get the auth modal, which comes back to `/pricing?subscribe=<plan>` after
 * signing in (also through Google), where PricingPlans starts that plan's checkout. `pendingPlanId`
 * drives the 'Processing...' label and stays set while the browser leaves. A plain `fetch`:
 * /pricing works without the GraphQL client.
 */
export const useSubscriptionCheckout = () => {
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null);
  const { openAuthModal } = useAuthModal();
  const { toast } = useToast();
  const { keyFor, done } = useActionKey();

  const signInFirst = useCallback(
    (plan: CheckoutPlan) =>
      openAuthModal({
        mode: 'login',
        redirectTo: `/pricing?${SUBSCRIBE_PARAM}=${encodeURIComponent(plan.id)}`,
        purpose: { kind: 'checkout', planName: plan.name },
      }),
    [openAuthModal],
  );

  const startCheckout = useCallback(
    async (plan: CheckoutPlan) => {
      const planId = plan.id;
      if (await isKnownSignedOut()) {
        signInFirst(plan);
        return;
      }
      setPendingPlanId(planId);
      try {
        const data = await postGraphQL(CREATE_SUBSCRIPTION_CHECKOUT, {
          planId,
          idempotencyKey: keyFor(planId),
        });
        done();
        const url = data.createSubscriptionCheckout.url;
        if (!url) {
          setPendingPlanId(null);
          toast({
            title: 'Checkout Error',
            description: 'The checkout page could not be opened. Please try again.',
            variant: 'destructive',
          });
          return;
        }
        window.location.assign(url);
      } catch (error) {
        setPendingPlanId(null);
        if (errorCodeOf(error) === 'UNAUTHENTICATED') {
          signInFirst(plan);
          return;
        }
        const message = userMessageOf(error);
        if (!message && isGraphQLFailure(error)) {
          // The server could not create the session with the payment provider.
          toast({
            title: 'Checkout Error',
            description: 'The payment provider could not start the checkout. Please try again.',
            variant: 'destructive',
          });
          return;
        }
        toast({
          title: 'Subscription Error',
          description: message ?? 'Unable to start the subscription. Please try again.',
          variant: 'destructive',
        });
      }
    },
    [done, keyFor, signInFirst, toast],
  );

  return { startCheckout, pendingPlanId };
};
