import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';

import { graphql } from '../../../gql';
import { Spinner } from '../../ui/components/Spinner';
import { formatDateTime } from '../../ui/utils/format-date';

import styles from './Gifts.module.css';

const MY_GIFTS = graphql(`
  query MyGifts {
    myGifts {
      id
      code
      credits
      status
      redeemedAt
      recipientEmail
      createdAt
    }
  }
`);

const STATUS_TEXT = { UNREDEEMED: 'Not redeemed yet', REDEEMED: 'Redeemed', VOIDED: 'Cancelled' };

/** The gifts the signed-in user bought, with their codes (visible to the buyer only). */
export const MyGifts = () => {
  const { data, loading } = useQuery(MY_GIFTS, { fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <Spinner label="Loading your gifts" />;
  const gifts = data?.myGifts ?? [];
  if (gifts.length === 0) return <p>You have not bought a gift yet.</p>;
  return (
    <ul className={styles.list} aria-label="Your gifts">
      {gifts.map((gift) => (
        <li key={gift.id} className={styles.item}>
          <span className={styles.code}>{gift.code}</span>
          <span>{gift.credits} credits</span>
          <span>
            {STATUS_TEXT[gift.status]}
            {gift.redeemedAt ? ` on ${formatDateTime(gift.redeemedAt)}` : ''}
          </span>
          {gift.recipientEmail && <span>For {gift.recipientEmail}</span>}
          <Link to={`/gift-card?id=${encodeURIComponent(gift.id)}`}>Gift card</Link>
        </li>
      ))}
    </ul>
  );
};
