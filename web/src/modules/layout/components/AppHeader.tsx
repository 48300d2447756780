import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';

import { Container } from '../../ui/components/Container';
import { IconClose, IconMenu } from '../../ui/icons/icons';
import { cx } from '../../ui/utils/cx';
import { useDismissable } from '../hooks/useDismissable';
import { useIsMobile } from '../hooks/useMediaQuery';
import { useOpenUntilNavigation } from '../hooks/useOpenUntilNavigation';
import { HEADER_NAV_LINKS } from '../utils/nav-links';

import styles from './AppHeader.module.css';
import { BrandLogo } from './BrandLogo';
import { HeaderAccountCredits, HeaderAccountSlot } from './HeaderAccountSlots';

const useScrolled = (): boolean => {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 4);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
};

type AppHeaderProps = {
  /** Full-width content (tool pages, where the sidebar starts at the window edge). */
  fluid?: boolean;
};

export const AppHeader = ({ fluid = false }: AppHeaderProps) => {
  const scrolled = useScrolled();
  const isMobile = useIsMobile();
  const [menuOpen, setMenuOpen] = useOpenUntilNavigation(isMobile);
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), [setMenuOpen]);
  // The panel's account controls open dialogs: focus must be on the menu button, which stays,
  // before the panel unmounts, so that the dialog gives it back there when it closes.
  const closeMenuFromAccount = useCallback(() => {
    buttonRef.current?.focus();
    closeMenu();
  }, [closeMenu]);

  useDismissable({ open: menuOpen, onClose: closeMenu, layerRef: panelRef, triggerRef: buttonRef });

  return (
    <header className={cx(styles.header, (scrolled || menuOpen) && styles.scrolled)}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <Container className={cx(styles.inner, fluid && styles.fluid)}>
        <BrandLogo onClick={closeMenu} />
        <nav aria-label="Main" className={styles.nav}>
          <ul className={styles.navList}>
            {HEADER_NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.navLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.auth}>{!isMobile && <HeaderAccountSlot />}</div>
        {isMobile && <HeaderAccountCredits />}
        <button
          ref={buttonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? panelId : undefined}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <IconClose /> : <IconMenu />}
        </button>
      </Container>
      {isMobile && menuOpen && (
        <div ref={panelRef} id={panelId} className={styles.mobilePanel}>
          <nav aria-label="Main">
            <ul className={styles.mobileNavList}>
              {HEADER_NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={styles.navLink} onClick={closeMenu}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <HeaderAccountSlot stacked onNavigate={closeMenuFromAccount} />
        </div>
      )}
    </header>
  );
};
