import { Navigate, useLocation } from 'react-router';

import { AdminAccessDenied } from '../../modules/admin/components/AdminAccessDenied';
import { AdminConsole } from '../../modules/admin/components/AdminConsole';
import consoleStyles from '../../modules/admin/components/AdminConsole.module.css';
import { isStaff } from '../../modules/admin/utils/staff-roles';
import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { useCurrentUser } from '../../modules/auth/hooks/useCurrentUser';
import { useLeavingAfterLogout } from '../../modules/auth/utils/logout-in-progress';
import { Container } from '../../modules/ui/components/Container';
import { PageHero } from '../../modules/ui/components/PageHero';
import { Spinner } from '../../modules/ui/components/Spinner';

import styles from '../account-page.module.css';

/**
 * /admin, the staff console. Signed-out visitors go to /auth and come back; signed-in users
 * without a staff role are told so. Every query and action is checked again on the server.
 */
export const AdminPage = () => {
  usePageMeta({ title: pageTitle('Staff console'), noIndex: true });
  const { user, loading } = useCurrentUser();
  const { pathname, search } = useLocation();
  const leaving = useLeavingAfterLogout(pathname);

  if (loading) {
    return (
      <Container className={styles.body}>
        <div className={consoleStyles.center}>
          <Spinner label="Loading the staff console" size="2.5rem" />
        </div>
      </Container>
    );
  }
  if (!user && leaving) return null;
  if (!user) {
    return <Navigate to={`/auth?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  }
  const staff = isStaff(user.roles);
  return (
    <>
      <PageHero
        title="Staff console"
        intro={
          staff
            ? 'Look people up, put things right, follow the money and keep the read models healthy.'
            : undefined
        }
      />
      <Container className={styles.body}>
        {staff ? <AdminConsole viewer={user} /> : <AdminAccessDenied />}
      </Container>
    </>
  );
};
