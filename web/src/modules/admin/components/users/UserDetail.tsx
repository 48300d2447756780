import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';

import { graphql } from '../../../../gql';
import type { CurrentUser } from '../../../auth/hooks/useCurrentUser';
import { IconChevronLeft } from '../../../ui/icons/icons';
import { hasStaffPower } from '../../utils/staff-roles';
import { QueryState } from '../QueryState';
import styles from '../admin.module.css';
import { LedgerView } from '../ledger/LedgerView';

import { GrantCreditsForm } from './GrantCreditsForm';
import { UserGenerations } from './UserGenerations';
import { UserSummary } from './UserSummary';
import detail from './UserDetail.module.css';

const USER_QUERY = graphql(`
  query AdminUser($id: ID!) {
    staffUser(id: $id) {
      ...UserSummary_StaffUser
    }
  }
`);

type UserDetailProps = { userId: string; query: string; viewer: CurrentUser };

/** One user's account: summary, support actions, generations and full credit history. */
export const UserDetail = ({ userId, query, viewer }: UserDetailProps) => {
  const { data, loading, error } = useQuery(USER_QUERY, {
    variables: { id: userId },
    fetchPolicy: 'cache-and-network',
  });
  const user = data?.staffUser;
  const isSupport = hasStaffPower(viewer.roles, 'SUPPORT');
  const back = query
    ? `/admin?section=users&q=${encodeURIComponent(query)}`
    : '/admin?section=users';

  return (
    <div className={styles.stack}>
      <Link to={back} className={detail.back}>
        <IconChevronLeft size={18} aria-hidden="true" />
        {query ? `Back to the results for “${query}”` : 'Find another user'}
      </Link>
      <QueryState
        loading={!data && loading}
        loadingText="Loading the account…"
        error={!user ? error : undefined}
        errorText={'The account could not be loaded. Please try again.'}
      />
      {data && !user && (
        <p className={styles.empty} role="status">
          There is no user with the id {userId}.
        </p>
      )}
      {user && (
        <>
          <UserSummary user={user} />
          {isSupport && <GrantCreditsForm userId={user.id} username={user.username} />}
          <UserGenerations userId={user.id} canRefund={isSupport} />
          <LedgerView
            title="Credit history"
            intro="Every credit movement of this account with the balance after it, who caused it, why, and what it refers to."
            viewerId={viewer.id}
            userId={user.id}
          />
        </>
      )}
    </div>
  );
};
