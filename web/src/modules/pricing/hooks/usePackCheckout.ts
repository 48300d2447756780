import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { graphql } from '../../../gql';
import { useActionKey } from '../../apollo/hooks/useActionKey';
import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { isKnownSignedOut } from '../../auth/utils/known-signed-out';
import { errorCodeOf, userMessageOf } from '../../graphql/utils/graphql-failure';
import { postGraphQL } from '../../graphql/utils/post-graphql';
import { useToast } from '../../toast/hooks/useToast';

/** `/pricing?pack=<pack id>`: continue to this pack's checkout (after signing in). */
export const PACK_PARAM = 'pack';

export type CheckoutPack = { id: string; name: string };

const CREATE_PACK_CHECKOUT = graphql(`
  mutation CreatePackCheckout($packId: ID!, $idempotencyKey: String) {
    createPackCheckout(packId: $packId, idempotencyKey: $idempotencyKey) {
      sessionId
      url
    }
  }
`);

/**
 * Buys a one-time credit pack: creates the payment-mode session and sends the browser to the
 * hosted checkout. Visitors sign in first and come back to `/pricing?pack=<id>`, where the
 * checkout continues once. Open to every signed-in user, Free included. A plain `fetch`, as in
 * useSubscriptionCheckout.
 */
export const usePackCheckout = (packs: readonly CheckoutPack[] | undefined) => {
  const [pendingPackId, setPendingPackId] = useState<string | null>(null);
  const { openAuthModal } = useAuthModal();
  const { toast } = useToast();
  const { keyFor, done } = useActionKey();

  const signInFirst = useCallback(
    (pack: CheckoutPack) =>
      openAuthModal({
        mode: 'login',
        redirectTo: `/pricing?${PACK_PARAM}=${encodeURIComponent(pack.id)}`,
        purpose: { kind: 'checkout', planName: `${pack.name} pack` },
      }),
    [openAuthModal],
  );

  const buyPack = useCallback(
    async (pack: CheckoutPack) => {
      if (await isKnownSignedOut()) {
        signInFirst(pack);
        return;
      }
      setPendingPackId(pack.id);
      try {
        const data = await postGraphQL(CREATE_PACK_CHECKOUT, {
          packId: pack.id,
          idempotencyKey: keyFor(`pack:${pack.id}`),
        });
        done();
        const url = data.createPackCheckout.url;
        if (!url) throw new Error('no checkout url');
        window.location.assign(url);
      } catch (error) {
        setPendingPackId(null);
        if (errorCodeOf(error) === 'UNAUTHENTICATED') {
          signInFirst(pack);
          return;
        }
        toast({
          title: 'Checkout Error',
          description:
            userMessageOf(error) ?? 'The checkout page could not be opened. Please try again.',
          variant: 'destructive',
        });
      }
    },
    [done, keyFor, signInFirst, toast],
  );

  // Back from signing in: continue to the pack's checkout once, and drop the parameter.
  const [params, setParams] = useSearchParams();
  const wanted = params.get(PACK_PARAM);
  const handled = useRef<string | null>(null);
  const continueCheckout = useEffectEvent((packId: string, offered: readonly CheckoutPack[]) => {
    const next = new URLSearchParams(params);
    next.delete(PACK_PARAM);
    setParams(next, { replace: true });
    const pack = offered.find((candidate) => candidate.id === packId);
    if (pack) void buyPack(pack);
  });
  useEffect(() => {
    if (!wanted || !packs || handled.current === wanted) return;
    handled.current = wanted;
    continueCheckout(wanted, packs);
  }, [packs, wanted]);

  return { buyPack, pendingPackId };
};
