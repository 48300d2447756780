import { useSearchParams } from 'react-router';

import type { CurrentUser } from '../../../auth/hooks/useCurrentUser';

import styles from '../admin.module.css';
import { ClaimsPanel } from '../claims/ClaimsPanel';

import { UserDetail } from './UserDetail';
import { UserSearch } from './UserSearch';

/** Users: search, then one user's account (`?section=users&q=…&user=<id>`). */
export const UsersSection = ({ viewer }: { viewer: CurrentUser }) => {
  const [params] = useSearchParams();
  const userId = params.get('user');
  const query = params.get('q') ?? '';
  return userId ? (
    <UserDetail key={userId} userId={userId} query={query} viewer={viewer} />
  ) : (
    <div className={styles.stack}>
      <UserSearch query={query} />
      <ClaimsPanel />
    </div>
  );
};
