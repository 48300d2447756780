import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { graphql } from '../../../gql';
import { errorCodeOf } from '../../apollo/utils/graphql-errors';
import { useActionKey } from '../../apollo/hooks/useActionKey';
import { useToast } from '../../toast/hooks/useToast';

const CREATE_PORTAL_SESSION = graphql(`
  mutation CreatePortalSession($idempotencyKey: String) {
    createPortalSession(idempotencyKey: $idempotencyKey) {
      url
    }
  }
`);

/**
 * Upgrade Plan / Manage Subscription: opens the payment provider's billing portal
 * (spec §7: the browser is sent to the url it returns). A user who never subscribed has no
 * billing account for the portal yet (NO_SUBSCRIPTION): upgrading then means choosing a plan.
 */
export const useSubscriptionManagement = () => {
  const [createPortalSession, { loading }] = useMutation(CREATE_PORTAL_SESSION);
  const { toast } = useToast();
  const navigate = useNavigate();
  const { keyFor, done } = useActionKey();

  const open = useCallback(async () => {
    try {
      const { data } = await createPortalSession({
        variables: { idempotencyKey: keyFor('portal') },
      });
      done();
      const url = data?.createPortalSession.url;
      if (!url) throw new Error('The server returned no portal address');
      window.location.assign(url);
    } catch (error) {
      if (errorCodeOf(error) === 'NO_SUBSCRIPTION') {
        await navigate('/pricing');
        return;
      }
      toast({
        title: 'Error',
        description: 'Failed to open subscription management',
        variant: 'destructive',
      });
    }
  }, [createPortalSession, done, keyFor, navigate, toast]);

  return { open, pending: loading };
};
