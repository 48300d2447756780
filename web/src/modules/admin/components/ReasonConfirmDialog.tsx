import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';

import { Dialog } from '../../ui/components/Dialog';
import { DialogActions } from '../../ui/components/DialogActions';
import { FormField, describedBy, formControlClassName } from '../../ui/components/FormField';
import { useFormFields } from '../../ui/hooks/useFormFields';
import { adminErrorMessage } from '../utils/admin-errors';
import { REASON_MAX, validateReason } from '../utils/support-validation';
import styles from './admin.module.css';

type ReasonConfirmDialogProps = {
  title: string;
  intro: ReactNode;
  confirmLabel: string;
  /** Shown when the confirmation fails with no message of its own. */
  failureMessage: string;
  busy: boolean;
  /** Runs the staff action with the trimmed reason; a rejection is shown in the dialog. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
};

/** Asks staff for the reason of a recorded action, then runs it and closes. */
export const ReasonConfirmDialog = ({
  title,
  intro,
  confirmLabel,
  failureMessage,
  busy,
  onConfirm,
  onClose,
}: ReasonConfirmDialogProps) => {
  const reasonId = useId();
  const { values, errors, setErrors, setField } = useFormFields({ reason: '' });
  const { reason } = values;
  const error = errors.reason;
  const [serverError, setServerError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    setServerError(null);
    const found = validateReason(reason);
    setErrors(found ? { reason: found } : {});
    if (found) return reasonRef.current?.focus();
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (failure) {
      setServerError(adminErrorMessage(failure, failureMessage));
    }
  };

  return (
    <Dialog compact title={title} intro={intro} onClose={onClose}>
      <form
        noValidate
        className={styles.stack}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormField
          id={reasonId}
          label="Reason"
          required
          error={error}
          aside={`${reason.length}/${REASON_MAX}`}
        >
          <textarea
            ref={reasonRef}
            id={reasonId}
            name="reason"
            className={formControlClassName}
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(reasonId, { error })}
            onChange={(event) => setField('reason', event.target.value)}
          />
        </FormField>
        <DialogActions
          failure={serverError}
          onCancel={onClose}
          confirmLabel={confirmLabel}
          confirmVariant="danger"
          busy={busy}
        />
      </form>
    </Dialog>
  );
};
