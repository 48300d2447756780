import { useQuery } from '@apollo/client/react';

import { graphql } from '../../../gql';
import type { SubscriptionPlansQuery } from '../../../gql/graphql';

export const SUBSCRIPTION_PLANS_QUERY = graphql(`
  query SubscriptionPlans {
    subscriptionPlans {
      id
      name
      price
      interval
      features
      creditsPerMonth
      generationsPerMonth
      popular
    }
  }
`);

export type SubscriptionPlan = SubscriptionPlansQuery['subscriptionPlans'][number];

/** The plans the server sells (prices in cents). Cached: plans rarely change. */
export const useSubscriptionPlans = () => {
  const { data, loading, error } = useQuery(SUBSCRIPTION_PLANS_QUERY);
  return { plans: data?.subscriptionPlans, loading: loading && !data, error };
};
