import { Link, useSearchParams } from 'react-router';

import type { CurrentUser } from '../../auth/hooks/useCurrentUser';
import { Badge } from '../../ui/components/Badge';
import { ROLE_LABELS, resolveSection, sectionsFor } from '../utils/staff-roles';
import type { AdminSectionId } from '../utils/staff-roles';

import styles from './AdminConsole.module.css';
import { FinanceSection } from './finance/FinanceSection';
import { GiftsSection } from './gifts/GiftsSection';
import { InboxSection } from './inbox/InboxSection';
import { OperationsSection } from './operations/OperationsSection';
import { UsersSection } from './users/UsersSection';

type AdminConsoleProps = { viewer: CurrentUser };

const SectionView = ({ id, viewer }: { id: AdminSectionId; viewer: CurrentUser }) => {
  switch (id) {
    case 'users':
      return <UsersSection viewer={viewer} />;
    case 'inbox':
      return <InboxSection />;
    case 'gifts':
      return <GiftsSection viewer={viewer} />;
    case 'finance':
      return <FinanceSection viewer={viewer} />;
    case 'operations':
      return <OperationsSection />;
  }
};

/**
 * The staff console: one section per tool, shown by role (`?section=`). What a section shows
 * is what the server allows; a hidden section would be refused by the server anyway.
 */
export const AdminConsole = ({ viewer }: AdminConsoleProps) => {
  const [params] = useSearchParams();
  const sections = sectionsFor(viewer.roles);
  const current = resolveSection(viewer.roles, params.get('section'));
  if (!current) return null;
  return (
    <div className={styles.console}>
      <nav className={styles.nav} aria-label="Staff console">
        <ul className={styles.navList}>
          {sections.map((section) => (
            <li key={section.id}>
              <Link
                className={styles.navLink}
                to={`/admin?section=${section.id}`}
                aria-current={section.id === current ? 'page' : undefined}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className={styles.whoami}>
          Signed in as {viewer.username}
          {viewer.roles.map((role) => (
            <Badge key={role} tone="accent">
              {ROLE_LABELS[role]}
            </Badge>
          ))}
        </p>
      </nav>
      <SectionView id={current} viewer={viewer} />
    </div>
  );
};
