import { Link } from 'react-router';

import { graphql } from '../../../../gql';
import { Badge } from '../../../ui/components/Badge';
import { formatCount, formatUtcDay, humanize } from '../../utils/admin-format';
import { ROLE_LABELS } from '../../utils/staff-roles';
import { useAdminSearch } from '../../hooks/useAdminSearch';
import { AdminSearchPanel } from '../AdminSearchPanel';
import styles from '../admin.module.css';

const FIND_USERS_QUERY = graphql(`
  query AdminFindUsers($query: String!) {
    staffFindUsers(query: $query) {
      id
      email
      username
      fullName
      roles
      credits
      subscriptionStatus
      subscriptionPlan
      createdAt
    }
  }
`);

const USER_COLUMNS = [
  { heading: 'User' },
  { heading: 'Email' },
  { heading: 'Credits', numeric: true },
  { heading: 'Subscription' },
  { heading: 'Joined' },
];

/** Find a user by email, username or id; the term lives in the address (`q`). */
export const UserSearch = ({ query }: { query: string }) => {
  const search = useAdminSearch(FIND_USERS_QUERY, query, (data) => data.staffFindUsers);

  return (
    <AdminSearchPanel
      section="users"
      title="Find a user"
      intro="Search by email or username (part of either works), or paste a user id."
      fieldLabel="Email, username or id"
      search={search}
      columns={USER_COLUMNS}
      noun="user"
    >
      {(users) => (
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                <Link
                  to={`/admin?section=users&q=${encodeURIComponent(search.term)}&user=${user.id}`}
                >
                  {user.fullName || user.username}
                </Link>
                <div className={`${styles.muted} ${styles.small}`}>@{user.username}</div>
                {user.roles.map((role) => (
                  <Badge key={role} tone="accent">
                    {ROLE_LABELS[role]}
                  </Badge>
                ))}
              </td>
              <td className={styles.wrapText}>{user.email}</td>
              <td className={styles.num}>{formatCount(user.credits)}</td>
              <td>
                {humanize(user.subscriptionStatus)}
                {user.subscriptionPlan && (
                  <span className={styles.muted}> · {user.subscriptionPlan}</span>
                )}
              </td>
              <td className={styles.nowrap}>{formatUtcDay(user.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      )}
    </AdminSearchPanel>
  );
};
