import { useQuery } from '@apollo/client/react';

import { graphql } from '../../../gql';
import { Button } from '../../ui/components/Button';
import { Spinner } from '../../ui/components/Spinner';

import styles from './GiftCard.module.css';

const GIFT_CARD = graphql(`
  query GiftCard($id: ID!) {
    myGift(id: $id) {
      id
      code
      credits
      message
      status
    }
  }
`);

/** The printable gift card: the amount, the buyer's message and the code (print stylesheet). */
export const GiftCard = ({ giftId }: { giftId: string }) => {
  const { data, loading, error } = useQuery(GIFT_CARD, { variables: { id: giftId } });
  if (loading) return <Spinner label="Loading the gift card" />;
  const gift = data?.myGift;
  if (error || !gift) return <p role="alert">This gift card does not exist.</p>;
  const origin = window.location.origin;
  return (
    <>
      <article className={styles.card} aria-label="Gift card">
        <p className={styles.eyebrow}>A gift for you</p>
        <p className={styles.amount}>{gift.credits} credits</p>
        <p className={styles.what}>to turn photos into character art</p>
        {gift.message && <blockquote className={styles.message}>{gift.message}</blockquote>}
        <p className={styles.codeLabel}>Your gift code</p>
        <p className={styles.code} data-testid="gift-code">
          {gift.code}
        </p>
        <p className={styles.how}>Redeem it at {origin}/redeem</p>
        {gift.status !== 'UNREDEEMED' && (
          <p className={styles.status}>
            {gift.status === 'REDEEMED'
              ? 'This gift has been redeemed.'
              : 'This gift was cancelled.'}
          </p>
        )}
      </article>
      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={() => window.print()}>
          Print gift card
        </Button>
      </div>
    </>
  );
};
