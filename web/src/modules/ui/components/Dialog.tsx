import { useEffect, useEffectEvent, useId, useRef } from 'react';
import type { ReactNode } from 'react';

import { useFocusTrapLite } from '../../layout/hooks/useFocusTrapLite';
import { IconClose } from '../icons/icons';
import { cx } from '../utils/cx';
import { captureFocusReturn } from '../utils/focus-return';
import { inertOutside } from '../utils/inert-outside';

import styles from './Dialog.module.css';

type DialogProps = {
  title: string;
  /** Short text under the title, read with it (aria-describedby). */
  intro?: ReactNode;
  onClose: () => void;
  /** Smaller type and padding, for confirmations and reason prompts in the staff console. */
  compact?: boolean;
  /**
   * Gives focus back on close, captured when the dialog was asked for (a dialog loaded lazily
   * mounts after its opener may have been rendered anew). By default, what had focus on mount.
   */
  restoreFocus?: () => void;
  children: ReactNode;
};

/** A form inside a dialog: its fields stacked. */
export const dialogFormClassName = styles.form;

/**
 * A modal dialog: focus stays inside, Escape or a press on the backdrop closes it, and focus
 * returns to where it was; the page behind is inert. (Not a native <dialog>: its top layer would
 * hide the toasts.)
 */
export const Dialog = ({
  title,
  intro,
  onClose,
  compact = false,
  restoreFocus,
  children,
}: DialogProps) => {
  const backdropRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const introId = useId();
  // The latest onClose, so a parent passing a new function each render does not re-run the effect.
  const closeOnEscape = useEffectEvent(() => onClose());
  const restoreFocusOnClose = useRef(restoreFocus);

  // Before the focus trap's effect (effects run in order): it moves focus into the panel.
  useEffect(() => {
    const giveFocusBack = restoreFocusOnClose.current ?? captureFocusReturn();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Screen readers and the keyboard cannot wander out of the dialog into the page behind it.
    const restoreOutside = backdropRef.current ? inertOutside(backdropRef.current) : () => {};
    // In the capture phase, before the layers under the dialog (a drawer, a menu): Escape closes
    // the dialog alone, and they see it handled (defaultPrevented).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeOnEscape();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      restoreOutside();
      document.body.style.overflow = overflow;
      giveFocusBack();
    };
  }, []);
  useFocusTrapLite(true, panelRef);

  return (
    <div
      ref={backdropRef}
      className={styles.backdrop}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={cx(styles.panel, compact && styles.compact)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={intro ? introId : undefined}
      >
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          <IconClose size={20} />
        </button>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {intro && (
          <div id={introId} className={styles.intro}>
            {intro}
          </div>
        )}
        {children}
      </div>
    </div>
  );
};
