import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState } from 'react';

import { graphql } from '../../../../gql';
import { useActionKey } from '../../../apollo/hooks/useActionKey';
import { useToast } from '../../../toast/hooks/useToast';
import { Button } from '../../../ui/components/Button';
import { FormField, describedBy, formControlClassName } from '../../../ui/components/FormField';
import { Spinner } from '../../../ui/components/Spinner';
import { useFormFields } from '../../../ui/hooks/useFormFields';
import { adminErrorMessage } from '../../utils/admin-errors';
import { formatCount, formatUtc, humanize } from '../../utils/admin-format';
import { REASON_MAX, validateReason } from '../../utils/support-validation';
import { Dialog, dialogActionsClassName } from '../../../ui/components/Dialog';
import styles from '../admin.module.css';

const REFUND_GENERATION_MUTATION = graphql(`
  mutation AdminRefundGeneration($input: RefundGenerationInput!) {
    staffRefundGeneration(input: $input) {
      ...UserSummary_StaffUser
    }
  }
`);

export type RefundTarget = { id: string; style: string; requestedAt: string };

type RefundDialogProps = { generation: RefundTarget; onClose: () => void };

/** Asks for the reason, then gives back the generation's 5 credits (staff as actor). */
export const RefundDialog = ({ generation, onClose }: RefundDialogProps) => {
  const reasonId = useId();
  const { values, errors, setErrors, setField } = useFormFields({ reason: '' });
  const { reason } = values;
  const error = errors.reason;
  const [serverError, setServerError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const { toast } = useToast();
  const { keyFor, done } = useActionKey();
  const [refund, { loading }] = useMutation(REFUND_GENERATION_MUTATION, {
    refetchQueries: ['AdminLedger', 'CurrentUser'],
    awaitRefetchQueries: true,
  });

  const submit = async () => {
    setServerError(null);
    const found = validateReason(reason);
    setErrors(found ? { reason: found } : {});
    if (found) return reasonRef.current?.focus();
    try {
      const input = { generationId: generation.id, reason: reason.trim() };
      const { data } = await refund({
        variables: { input: { ...input, idempotencyKey: keyFor(JSON.stringify(input)) } },
      });
      done();
      const balance = data?.staffRefundGeneration.credits;
      toast({
        title: 'Generation refunded',
        description:
          balance === undefined
            ? 'Its credits are back on the account.'
            : `Its credits are back on the account. Available now: ${formatCount(balance)}.`,
      });
      onClose();
    } catch (failure) {
      setServerError(adminErrorMessage(failure, 'The refund failed. Please try again.'));
    }
  };

  return (
    <Dialog
      compact
      title="Refund this generation?"
      intro={
        <p>
          {humanize(generation.style)}, requested {formatUtc(generation.requestedAt)}. Its credits
          go back to the user; the ledger records you and your reason.
        </p>
      }
      onClose={onClose}
    >
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
        {serverError && (
          <p className={styles.alert} role="alert">
            {serverError}
          </p>
        )}
        <div className={dialogActionsClassName}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={loading}
            icon={loading ? <Spinner /> : undefined}
          >
            Refund credits
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
