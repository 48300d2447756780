import type { ReactNode } from 'react';

import { Button } from './Button';
import type { ButtonVariant } from './Button';
import { formAlertClassName } from './FormField';

import styles from './DialogActions.module.css';

type DialogActionsProps = {
  /** Shows a Cancel button that runs this (usually the dialog's onClose). */
  onCancel?: () => void;
  /** Shows the confirm button, last in the row. */
  confirmLabel?: string;
  confirmVariant?: ButtonVariant;
  /** The confirmation is running: its button shows a spinner and is disabled. */
  busy?: boolean;
  /** Without it, the confirm button submits the form the row is in. */
  onConfirm?: () => void;
  /** Why the last confirmation failed, announced above the buttons. */
  failure?: string | null;
  /** Other buttons, before Cancel and the confirmation (or a row of its own). */
  children?: ReactNode;
};

/**
 * The foot of a dialog: why the last try failed, if it did, then a row of buttons (anything else,
 * Cancel, then the confirmation).
 */
export const DialogActions = ({
  onCancel,
  confirmLabel,
  confirmVariant = 'primary',
  busy = false,
  onConfirm,
  failure,
  children,
}: DialogActionsProps) => (
  <>
    {failure && (
      <p className={formAlertClassName} role="alert">
        {failure}
      </p>
    )}
    <div className={styles.actions}>
      {children}
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
      {confirmLabel && (
        <Button
          type={onConfirm ? 'button' : 'submit'}
          variant={confirmVariant}
          busy={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      )}
    </div>
  </>
);
