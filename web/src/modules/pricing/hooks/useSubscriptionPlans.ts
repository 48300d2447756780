import { graphql } from '../../../gql';
import type { SubscriptionPlansQuery } from '../../../gql/graphql';
import { usePublicQuery } from '../../graphql/hooks/usePublicQuery';

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

/**
 * The plans the server sells (prices in cents), without the GraphQL client: /pricing hydrates
 * without it. Cached for the visit's next few minutes: plans rarely change.
 */
export const useSubscriptionPlans = () => {
  const { data, loading, error } = usePublicQuery(SUBSCRIPTION_PLANS_QUERY);
  return { plans: data?.subscriptionPlans, loading, error };
};
