import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';

import { graphql } from '../../../gql';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { IconCoins } from '../../ui/icons/icons';
import { expiryLine } from './CreditBuckets';

import styles from './CreditExpiryBanner.module.css';

const CREDIT_EXPIRY_WARNING_QUERY = graphql(`
  query CreditExpiryWarning {
    me {
      id
      creditBuckets {
        expiryWarning {
          credits
          expiresAt
        }
      }
    }
  }
`);

/** "N credits expire on <date>; they do not roll over": plan credits in their last three days. */
export const CreditExpiryBanner = () => {
  const { user } = useCurrentUser();
  const { data } = useQuery(CREDIT_EXPIRY_WARNING_QUERY, {
    skip: !user,
    fetchPolicy: 'cache-and-network',
  });
  const warning = user ? data?.me?.creditBuckets.expiryWarning : null;
  if (!warning) return null;
  return (
    <div className={styles.banner} role="status" data-testid="credit-expiry-banner">
      <IconCoins size={18} aria-hidden="true" />
      <span>{expiryLine(warning.credits, warning.expiresAt)}; they do not roll over.</span>
      <Link to="/action-figure" className={styles.link}>
        Use them
      </Link>
    </div>
  );
};
