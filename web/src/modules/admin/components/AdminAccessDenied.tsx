import { ButtonLink } from '../../ui/components/Button';
import { IconShield } from '../../ui/icons/icons';

import styles from './AdminConsole.module.css';

/** What a signed-in user without a staff role sees (the server refuses them anyway). */
export const AdminAccessDenied = () => (
  <section className={styles.denied} aria-labelledby="admin-denied-title">
    <span className={styles.deniedIcon} aria-hidden="true">
      <IconShield size={28} />
    </span>
    <h2 id="admin-denied-title" className={styles.deniedTitle}>
      You don&apos;t have access to the staff console
    </h2>
    <p className={styles.deniedText}>
      The staff console is for the support, finance and operations team. If you should have access,
      ask an administrator to give your account a staff role.
    </p>
    <ButtonLink to="/" variant="secondary">
      Back to the home page
    </ButtonLink>
  </section>
);
