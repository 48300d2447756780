import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

import { useFocusTrapLite } from '../../layout/hooks/useFocusTrapLite';

import adminStyles from './admin.module.css';
import styles from './AdminDialog.module.css';

type AdminDialogProps = {
  title: string;
  /** Short text under the title, read with it. */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
};

/**
 * A small modal for confirmations and reason prompts: focus moves in and stays, Escape or a
 * press on the backdrop closes it, focus returns to the opener. (Like the auth modal, not a
 * native <dialog>, whose top layer would hide the toasts.)
 */
export const AdminDialog = ({ title, description, onClose, children }: AdminDialogProps) => {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useFocusTrapLite(true, panelRef);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, [onClose]);

  return (
    <div
      className={styles.backdrop}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className={adminStyles.muted}>
            {description}
          </div>
        )}
        {children}
      </div>
    </div>
  );
};

export const dialogActionsClassName = styles.actions;
