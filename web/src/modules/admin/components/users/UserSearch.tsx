import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { graphql } from '../../../../gql';
import { Badge } from '../../../ui/components/Badge';
import { Button } from '../../../ui/components/Button';
import { formatCount, formatUtcDay, humanize } from '../../utils/admin-format';
import { ROLE_LABELS } from '../../utils/staff-roles';
import { QueryState } from '../QueryState';
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

/** Find a user by email, username or id; the term lives in the address (`q`). */
export const UserSearch = ({ query }: { query: string }) => {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(query);
  const term = query.trim();
  const { data, loading, error } = useQuery(FIND_USERS_QUERY, {
    variables: { query: term },
    skip: !term,
    fetchPolicy: 'network-only',
  });
  const users = term ? data?.staffFindUsers : undefined;

  return (
    <section className={styles.panel} aria-labelledby="user-search-title">
      <div>
        <h2 id="user-search-title" className={styles.panelTitle}>
          Find a user
        </h2>
        <p className={styles.panelIntro}>
          Search by email or username (part of either works), or paste a user id.
        </p>
      </div>
      <form
        role="search"
        className={styles.toolbar}
        onSubmit={(event) => {
          event.preventDefault();
          const next = draft.trim();
          void navigate(
            next ? `/admin?section=users&q=${encodeURIComponent(next)}` : '/admin?section=users',
          );
        }}
      >
        <label className={`${styles.field} ${styles.grow}`}>
          <span className={styles.fieldLabel}>Email, username or id</span>
          <input
            className={styles.control}
            type="search"
            name="q"
            value={draft}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <Button type="submit" size="sm">
          Search
        </Button>
      </form>

      <QueryState
        loading={!!term && loading && !users}
        loadingText="Searching…"
        error={term ? error : undefined}
        errorText={'The search failed. Please try again.'}
      />
      {users && users.length === 0 && (
        <p className={styles.empty} role="status">
          No user matches “{term}”.
        </p>
      )}
      {users && users.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Matching users">
          <table className={styles.table}>
            <caption>
              {users.length === 1 ? '1 user' : `${users.length} users`} matching “{term}”
            </caption>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Email</th>
                <th scope="col" className={styles.num}>
                  Credits
                </th>
                <th scope="col">Subscription</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <Link to={`/admin?section=users&q=${encodeURIComponent(term)}&user=${user.id}`}>
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
          </table>
        </div>
      )}
    </section>
  );
};
