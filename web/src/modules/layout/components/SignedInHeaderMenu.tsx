import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';

import { pluralise } from '../../credits/utils/credit-rules';
import { IconCoins, IconImage, IconLogout, IconUser } from '../../ui/icons/icons';
import { useDismissable } from '../hooks/useDismissable';
import { initialsOf } from '../utils/initials-of';

import styles from './SignedInHeaderMenu.module.css';

type SignedInHeaderMenuProps = {
  credits: number;
  displayName: string;
  avatarUrl?: string | null;
  onLogout: () => void;
};

/** The header's signed-in state: credits count and an avatar menu (Profile, My creations, Logout). */
export const SignedInHeaderMenu = ({
  credits,
  displayName,
  avatarUrl,
  onLogout,
}: SignedInHeaderMenuProps) => {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useDismissable({ open, onClose: close, layerRef: menuRef, triggerRef });

  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Tab') return close();
    else return;
    event.preventDefault();
  };

  return (
    <div className={styles.root}>
      <Link
        to="/pricing"
        className={styles.credits}
        aria-label={`${pluralise(credits, 'credit')}. Add credits`}
      >
        <IconCoins size={18} className={styles.creditsIcon} />
        <span aria-hidden="true">{credits.toLocaleString('en-US')}</span>
      </Link>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${displayName}`}
        onClick={() => setOpen((value) => !value)}
      >
        {avatarUrl ? (
          <img className={styles.avatar} src={avatarUrl} alt="" width={40} height={40} />
        ) : (
          <span aria-hidden="true">{initialsOf(displayName)}</span>
        )}
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          className={styles.menu}
          onKeyDown={onMenuKeyDown}
        >
          <li role="none" className={styles.menuHeader}>
            <strong>{displayName}</strong>
            {pluralise(credits, 'credit')}
          </li>
          <li role="none">
            <Link role="menuitem" to="/profile" className={styles.item} onClick={close}>
              <IconUser size={18} />
              Profile
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/creations" className={styles.item} onClick={close}>
              <IconImage size={18} />
              My creations
            </Link>
          </li>
          <li role="none">
            <button
              role="menuitem"
              type="button"
              className={styles.item}
              onClick={() => {
                close();
                onLogout();
              }}
            >
              <IconLogout size={18} />
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
};
