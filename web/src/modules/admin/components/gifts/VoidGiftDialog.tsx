import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState } from 'react';

import { graphql } from '../../../../gql';
import { useToast } from '../../../toast/hooks/useToast';
import { Button } from '../../../ui/components/Button';
import { Dialog, dialogActionsClassName } from '../../../ui/components/Dialog';
import { FormField, describedBy, formControlClassName } from '../../../ui/components/FormField';
import { Spinner } from '../../../ui/components/Spinner';
import { useFormFields } from '../../../ui/hooks/useFormFields';
import { adminErrorMessage } from '../../utils/admin-errors';
import { formatCount, formatMoney } from '../../utils/admin-format';
import { REASON_MAX, validateReason } from '../../utils/support-validation';
import styles from '../admin.module.css';

const VOID_GIFT_MUTATION = graphql(`
  mutation AdminVoidGift($input: VoidGiftInput!) {
    staffVoidGift(input: $input) {
      ...GiftsSection_StaffGift
    }
  }
`);

export type VoidTarget = {
  id: string;
  credits: number;
  amountPaidCents: number;
  currency: string;
  buyerEmail: string | null;
};

type VoidGiftDialogProps = { gift: VoidTarget; onClose: () => void };

/** Asks for the reason, then voids the gift: its code stops working and the buyer is refunded. */
export const VoidGiftDialog = ({ gift, onClose }: VoidGiftDialogProps) => {
  const reasonId = useId();
  const { values, errors, setErrors, setField } = useFormFields({ reason: '' });
  const { reason } = values;
  const error = errors.reason;
  const [serverError, setServerError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const { toast } = useToast();
  const [voidGift, { loading }] = useMutation(VOID_GIFT_MUTATION);

  const submit = async () => {
    setServerError(null);
    const found = validateReason(reason);
    setErrors(found ? { reason: found } : {});
    if (found) return reasonRef.current?.focus();
    try {
      await voidGift({ variables: { input: { giftId: gift.id, reason: reason.trim() } } });
      toast({
        title: 'Gift voided',
        description: `The code no longer works; ${formatMoney(gift.amountPaidCents, gift.currency)} goes back to the buyer.`,
      });
      onClose();
    } catch (failure) {
      setServerError(adminErrorMessage(failure, 'The gift could not be voided. Please try again.'));
    }
  };

  return (
    <Dialog
      compact
      title="Void this gift?"
      intro={
        <p>
          {formatCount(gift.credits)} credits bought by {gift.buyerEmail ?? 'an unknown buyer'}. The
          code stops working and the payment of {formatMoney(gift.amountPaidCents, gift.currency)}{' '}
          is refunded. This cannot be undone; the ledger records you and your reason.
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
            Void and refund
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
