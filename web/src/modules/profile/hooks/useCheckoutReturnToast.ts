import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { useToast } from '../../toast/hooks/useToast';

/**
 * After a completed checkout the payment provider sends the browser to
 * `/profile?checkout=success` (a plan) or `?checkout=pack` (a credit pack): say so, clear the parameter and fetch the account again a
 * little later (the subscription's credits arrive with the provider's webhook).
 */
export const useCheckoutReturnToast = (refetch: () => Promise<unknown>): void => {
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const handled = useRef(false);
  const outcome = params.get('checkout');
  const succeeded = outcome === 'success' || outcome === 'pack';

  useEffect(() => {
    if (!succeeded || handled.current) return;
    handled.current = true;
    toast({
      title: outcome === 'pack' ? 'Credits purchased' : 'Subscription started',
      description: 'Thank you! Your new credits appear here as soon as the payment is confirmed.',
    });
    setParams({}, { replace: true });
    // Not cleared on re-render: clearing the parameter re-runs this effect.
    window.setTimeout(() => void refetch().catch(() => undefined), 2000);
  }, [succeeded, outcome, refetch, setParams, toast]);
};
