import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';

import { graphql } from '../../../gql';
import { useActionKey } from '../../apollo/hooks/useActionKey';
import { userMessageOf } from '../../apollo/utils/graphql-errors';
import { useAuthModal } from '../../auth/hooks/useAuthModal';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { formatPriceCents } from '../../pricing/utils/format-price';
import { Button } from '../../ui/components/Button';
import { FormField, formAlertClassName, formControlClassName } from '../../ui/components/FormField';

import styles from './Gifts.module.css';

const GIFT_PACKS = graphql(`
  query GiftPacks {
    creditPacks {
      id
      name
      credits
      priceCents
    }
  }
`);

const CREATE_GIFT_CHECKOUT = graphql(`
  mutation CreateGiftCheckout($packId: ID!, $gift: GiftInput!, $idempotencyKey: String) {
    createPackCheckout(packId: $packId, gift: $gift, idempotencyKey: $idempotencyKey) {
      sessionId
      url
    }
  }
`);

const MESSAGE_LIMIT = 500;

/** A pack bought as a gift: optional recipient address and message, then the hosted checkout. */
export const GiftPurchaseForm = () => {
  const { data } = useQuery(GIFT_PACKS);
  const packs = data?.creditPacks ?? [];
  const [packId, setPackId] = useState<string | null>(null);
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { user } = useCurrentUser();
  const { openAuthModal } = useAuthModal();
  const [createCheckout] = useMutation(CREATE_GIFT_CHECKOUT);
  const { keyFor, done } = useActionKey();
  const chosen = packId ?? packs[0]?.id ?? null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!user) {
      openAuthModal({ mode: 'login', redirectTo: '/gifts', purpose: { kind: 'account' } });
      return;
    }
    if (!chosen) return;
    setPending(true);
    const gift = {
      ...(recipientEmail.trim() ? { recipientEmail: recipientEmail.trim() } : {}),
      ...(message.trim() ? { message: message.trim() } : {}),
    };
    try {
      const result = await createCheckout({
        variables: { packId: chosen, gift, idempotencyKey: keyFor(JSON.stringify([chosen, gift])) },
      });
      done();
      const url = result.data?.createPackCheckout.url;
      if (url) window.location.assign(url);
      else setPending(false);
    } catch (failure) {
      setPending(false);
      setError(userMessageOf(failure) ?? 'The checkout could not be started. Please try again.');
    }
  };

  return (
    <form className={styles.panel} onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className={styles.packs}>
        <legend className={styles.label}>Gift</legend>
        {packs.map((pack) => (
          <label key={pack.id} className={styles.pack}>
            <input
              type="radio"
              name="gift-pack"
              value={pack.id}
              checked={chosen === pack.id}
              onChange={() => setPackId(pack.id)}
            />
            {pack.credits} credits for {formatPriceCents(pack.priceCents, 2)}
          </label>
        ))}
      </fieldset>
      <FormField
        id="gift-recipient"
        label="Recipient's email"
        hint="We email them the code. Leave it empty to hand over the code yourself."
      >
        <input
          id="gift-recipient"
          type="email"
          className={formControlClassName}
          value={recipientEmail}
          onChange={(event) => setRecipientEmail(event.target.value)}
        />
      </FormField>
      <FormField id="gift-message" label="Message" aside={`${message.length}/${MESSAGE_LIMIT}`}>
        <textarea
          id="gift-message"
          className={formControlClassName}
          maxLength={MESSAGE_LIMIT}
          rows={3}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </FormField>
      {error && (
        <p className={formAlertClassName} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" disabled={pending || !chosen}>
        {pending ? 'Processing...' : 'Buy as a gift'}
      </Button>
    </form>
  );
};
