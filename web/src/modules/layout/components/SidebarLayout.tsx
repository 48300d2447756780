import { useCallback, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { ART_STYLES } from '../../art-styles/utils/art-styles';
import { creatorStyleForPath } from '../../art-styles/utils/creator-routes';
import { IconSidebar } from '../../ui/icons/icons';
import { useDismissable } from '../hooks/useDismissable';
import { useFocusTrapLite } from '../hooks/useFocusTrapLite';
import { useIsMobile } from '../hooks/useMediaQuery';
import { useOpenUntilNavigation } from '../hooks/useOpenUntilNavigation';
import { useSidebarCollapsed } from '../hooks/useSidebarCollapsed';

import { Sidebar } from './Sidebar';
import styles from './SidebarLayout.module.css';

type SidebarLayoutProps = {
  children: ReactNode;
  /** Renders the credits widget; `compact` is true in the narrow desktop sidebar. */
  creditsSlot: (options: { compact: boolean }) => ReactNode;
};

/**
 * Tool pages: a sidebar with the six styles and the credits widget. On desktop it collapses
 * from wide to narrow; under 768px it is a slide-in drawer opened from a toolbar button
 * (Escape or the backdrop close it, focus returns to the button).
 */
export const SidebarLayout = ({ children, creditsSlot }: SidebarLayoutProps) => {
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const activeStyleId = creatorStyleForPath(pathname);
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useOpenUntilNavigation(isMobile);
  const sidebarId = useId();
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeDrawer = useCallback(() => setDrawerOpen(false), [setDrawerOpen]);
  const closeDrawerAndRefocus = useCallback(() => {
    setDrawerOpen(false);
    toggleRef.current?.focus();
  }, [setDrawerOpen]);

  const drawerActive = isMobile && drawerOpen;
  useDismissable({
    open: drawerActive,
    onClose: closeDrawer,
    layerRef: sidebarRef,
    triggerRef: toggleRef,
    closeOnOutsidePress: false,
  });
  useFocusTrapLite(drawerActive, sidebarRef);

  return (
    <div className={styles.layout}>
      <Sidebar
        id={sidebarId}
        sidebarRef={sidebarRef}
        mode={isMobile ? 'drawer' : 'desktop'}
        collapsed={collapsed}
        drawerOpen={drawerOpen}
        activeStyleId={activeStyleId}
        onToggleCollapsed={toggleCollapsed}
        onCloseDrawer={closeDrawerAndRefocus}
        creditsSlot={creditsSlot}
      />
      {drawerActive && (
        <div className={styles.backdrop} aria-hidden="true" onClick={closeDrawerAndRefocus} />
      )}
      <main id="main" tabIndex={-1} className={styles.content}>
        {/* Rendered on every screen and shown by the stylesheet under 768px: a prerendered page
            (rendered as a desktop one) then has it before hydration, and nothing shifts. */}
        <div className={styles.toolbar}>
          <button
            ref={toggleRef}
            type="button"
            className={styles.toggle}
            aria-expanded={drawerOpen}
            aria-controls={sidebarId}
            onClick={() => setDrawerOpen(true)}
          >
            <IconSidebar size={18} />
            Styles &amp; credits
          </button>
          {activeStyleId && (
            <span className={styles.current}>{ART_STYLES[activeStyleId].name}</span>
          )}
        </div>
        {children}
      </main>
    </div>
  );
};
