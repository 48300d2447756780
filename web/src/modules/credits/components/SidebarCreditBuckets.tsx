import { useQuery } from '@apollo/client/react';

import { graphql } from '../../../gql';
import { Spinner } from '../../ui/components/Spinner';
import { CreditBuckets } from './CreditBuckets';

const SIDEBAR_CREDIT_BUCKETS_QUERY = graphql(`
  query SidebarCreditBuckets {
    me {
      id
      creditBuckets {
        ...CreditBuckets_CreditBucketBalance
      }
    }
  }
`);

/** The sidebar widget's detail: the balance by bucket, fetched when it is opened. */
export const SidebarCreditBuckets = () => {
  const { data, loading } = useQuery(SIDEBAR_CREDIT_BUCKETS_QUERY, {
    fetchPolicy: 'cache-and-network',
  });
  if (loading && !data) return <Spinner label="Loading credits by bucket" />;
  if (!data?.me) return null;
  return <CreditBuckets balance={data.me.creditBuckets} />;
};
