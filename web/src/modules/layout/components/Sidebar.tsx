import type { ReactNode, RefObject } from 'react';

import type { ArtStyleId } from '../../art-styles/utils/art-styles';
import { IconChevronLeft, IconChevronRight, IconClose } from '../../ui/icons/icons';
import { cx } from '../../ui/utils/cx';

import styles from './Sidebar.module.css';
import { SidebarStyleLinks } from './SidebarStyleLinks';

type SidebarProps = {
  id: string;
  sidebarRef: RefObject<HTMLElement | null>;
  mode: 'desktop' | 'drawer';
  collapsed: boolean;
  drawerOpen: boolean;
  activeStyleId?: ArtStyleId;
  onToggleCollapsed: () => void;
  onCloseDrawer: () => void;
  creditsSlot: (options: { compact: boolean }) => ReactNode;
};

export const Sidebar = ({
  id,
  sidebarRef,
  mode,
  collapsed,
  drawerOpen,
  activeStyleId,
  onToggleCollapsed,
  onCloseDrawer,
  creditsSlot,
}: SidebarProps) => {
  const isDrawer = mode === 'drawer';
  const narrow = !isDrawer && collapsed;

  return (
    <div className={cx(styles.column, narrow && styles.columnCollapsed)}>
      <aside
        ref={sidebarRef}
        id={id}
        aria-label="Styles and credits"
        className={cx(
          styles.sidebar,
          narrow && styles.collapsed,
          isDrawer && drawerOpen && styles.open,
        )}
        inert={isDrawer && !drawerOpen}
      >
        <div className={styles.top}>
          {!narrow && <p className={styles.groupLabel}>Styles</p>}
          {isDrawer ? (
            <button
              type="button"
              className={styles.iconButton}
              onClick={onCloseDrawer}
              aria-label="Close styles menu"
            >
              <IconClose size={18} />
            </button>
          ) : (
            <button
              type="button"
              className={styles.iconButton}
              onClick={onToggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
              aria-controls={id}
            >
              {collapsed ? <IconChevronRight size={18} /> : <IconChevronLeft size={18} />}
            </button>
          )}
        </div>
        <nav aria-label="Style creators" className={styles.nav}>
          <SidebarStyleLinks
            collapsed={narrow}
            activeStyleId={activeStyleId}
            onNavigate={isDrawer ? onCloseDrawer : undefined}
          />
        </nav>
        <div className={styles.bottom}>{creditsSlot({ compact: narrow })}</div>
      </aside>
    </div>
  );
};
