import { graphql } from '../../../gql';
import type { CreditBuckets_CreditBucketBalanceFragment } from '../../../gql/graphql';
import {
  BUCKET_NAMES,
  BUCKET_NOTES,
  formatExpiryDay,
  spendingOrderSentence,
} from '../utils/credit-buckets';
import { pluralise } from '../utils/credit-rules';

/** "120 credits expire on 22 Dec". */
export const expiryLine = (credits: number, expiresAt: string) =>
  `${pluralise(credits, 'credit')} ${credits === 1 ? 'expires' : 'expire'} on ${formatExpiryDay(expiresAt)}`;

import styles from './CreditBuckets.module.css';

export const CREDIT_BUCKETS_FRAGMENT = graphql(`
  fragment CreditBuckets_CreditBucketBalance on CreditBucketBalance {
    buckets {
      kind
      credits
      nextExpiry {
        credits
        expiresAt
      }
    }
    spendingOrder
  }
`);

/** The balance by bucket (plan, pack, free), each with its next expiry, and the spending order. */
export const CreditBuckets = ({
  balance,
}: {
  balance: CreditBuckets_CreditBucketBalanceFragment;
}) => (
  <div data-testid="credit-buckets">
    <ul className={styles.buckets} aria-label="Credits by bucket">
      {balance.buckets.map((bucket) => (
        <li key={bucket.kind} className={styles.bucket} data-bucket={bucket.kind}>
          <span className={styles.name}>{BUCKET_NAMES[bucket.kind]}</span>
          <span className={styles.credits}>{pluralise(bucket.credits, 'credit')}</span>
          <span className={styles.expiry}>
            {bucket.nextExpiry
              ? expiryLine(bucket.nextExpiry.credits, bucket.nextExpiry.expiresAt)
              : bucket.credits > 0 && bucket.kind === 'FREE'
                ? 'Signup and goodwill credits; they never expire'
                : BUCKET_NOTES[bucket.kind]}
          </span>
        </li>
      ))}
    </ul>
    <p className={styles.order}>{spendingOrderSentence(balance.spendingOrder)}</p>
  </div>
);
