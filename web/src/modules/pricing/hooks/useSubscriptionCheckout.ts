import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';

import { graphql } from '../../../gql';
import { errorCodeOf, isGraphQLFailure, userMessageOf } from '../../apollo/utils/graphql-errors';
import { useActionKey } from '../../apollo/hooks/useActionKey';
import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { useToast } from '../../toast/hooks/useToast';

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
 * Signed-out visitors get the auth modal. `pendingPlanId` drives the 'Processing...' label
 * and stays set while the browser leaves.
 */
export const useSubscriptionCheckout = () => {
  const [createCheckout] = useMutation(CREATE_SUBSCRIPTION_CHECKOUT);
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null);
  const { user, loading: userLoading } = useCurrentUser();
  const { openAuthModal } = useAuthModal();
  const { toast } = useToast();
  const { keyFor, done } = useActionKey();

  const startCheckout = useCallback(
    async (planId: string) => {
      if (!user && !userLoading) {
        openAuthModal({ mode: 'login' });
        return;
      }
      setPendingPlanId(planId);
      try {
        const { data } = await createCheckout({
          variables: { planId, idempotencyKey: keyFor(planId) },
        });
        done();
        const url = data?.createSubscriptionCheckout.url;
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
          openAuthModal({ mode: 'login' });
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
    [createCheckout, done, keyFor, openAuthModal, toast, user, userLoading],
  );

  return { startCheckout, pendingPlanId };
};
