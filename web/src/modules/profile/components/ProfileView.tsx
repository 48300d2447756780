import { useQuery } from '@apollo/client/react';
import { Navigate } from 'react-router';

import { graphql } from '../../../gql';
import { useLogout } from '../../auth/hooks/useLogout';
import { useLeavingAfterLogout } from '../../auth/utils/logout-in-progress';
import { useSubscriptionPlans } from '../../pricing/hooks/useSubscriptionPlans';
import { Spinner } from '../../ui/components/Spinner';
import { useCheckoutReturnToast } from '../hooks/useCheckoutReturnToast';

import { AccountSettings } from '../../account/components/AccountSettings';

import { CreditHistory } from './CreditHistory';
import { CreditExpiryBanner } from '../../credits/components/CreditExpiryBanner';
import { ProfileCreditsCard } from './ProfileCreditsCard';
import { ProfileIdentityCard } from './ProfileIdentityCard';
import { ProfileSubscriptionCard } from './ProfileSubscriptionCard';
import styles from './ProfileView.module.css';

const PROFILE_QUERY = graphql(`
  query Profile {
    me {
      ...CurrentUser_User
      ...ProfileIdentityCard_User
      ...ProfileCreditsCard_User
      ...ProfileSubscriptionCard_User
      ...AccountSettings_User
    }
  }
`);

/**
 * The profile: fetched again every time it opens (spec §4), so the header and sidebar, which
 * read the same cached user, show the fresh balance too. Signed-out visitors go to /auth.
 */
export const ProfileView = () => {
  const { data, loading, error, refetch } = useQuery(PROFILE_QUERY, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const { plans } = useSubscriptionPlans();
  const { logout, pending: loggingOut } = useLogout('profile');
  useCheckoutReturnToast(refetch);
  const leaving = useLeavingAfterLogout('/profile');

  if (!data && loading) {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading your profile" size="2.5rem" />
      </div>
    );
  }
  if (!data && error) {
    return (
      <p className={styles.error} role="alert">
        Your profile could not be loaded. Please refresh the page to try again.
      </p>
    );
  }
  const user = data?.me;
  if (!user && leaving) return null;
  if (!user) return <Navigate to="/auth?redirect=%2Fprofile" replace />;

  return (
    <div className={styles.grid}>
      <CreditExpiryBanner />
      <ProfileIdentityCard user={user} loggingOut={loggingOut} onLogout={() => void logout()} />
      <div className={styles.cards}>
        <ProfileCreditsCard user={user} />
        <ProfileSubscriptionCard user={user} plans={plans} />
      </div>
      <CreditHistory />
      <AccountSettings user={user} />
    </div>
  );
};
