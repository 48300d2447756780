import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState } from 'react';

import { graphql } from '../../../../gql';
import { useActionKey } from '../../../apollo/hooks/useActionKey';
import { useToast } from '../../../toast/hooks/useToast';
import { Button } from '../../../ui/components/Button';
import { FormField, describedBy, formControlClassName } from '../../../ui/components/FormField';
import { useFormFields } from '../../../ui/hooks/useFormFields';
import { adminErrorField, adminErrorMessage } from '../../utils/admin-errors';
import { formatCount } from '../../utils/admin-format';
import { GRANT_MAX, GRANT_MIN, REASON_MAX, validateGrant } from '../../utils/support-validation';
import styles from '../admin.module.css';

import form from './GrantCreditsForm.module.css';

const GRANT_CREDITS_MUTATION = graphql(`
  mutation AdminGrantCredits($input: GrantCreditsInput!) {
    staffGrantCredits(input: $input) {
      ...UserSummary_StaffUser
    }
  }
`);

type GrantCreditsFormProps = { userId: string; username: string };

const EMPTY_GRANT = { amount: '', reason: '' };

/**
 * Goodwill credits: the ledger records the staff member as actor, with the reason. The user's
 * summary (returned by the mutation) and history refresh on success.
 */
export const GrantCreditsForm = ({ userId, username }: GrantCreditsFormProps) => {
  const id = useId();
  const amountId = `${id}-amount`;
  const reasonId = `${id}-reason`;
  const { values, setValues, errors, setErrors, setField } = useFormFields(EMPTY_GRANT);
  const { amount, reason } = values;
  const [formError, setFormError] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const { toast } = useToast();
  const { keyFor, done } = useActionKey();
  const [grant, { loading }] = useMutation(GRANT_CREDITS_MUTATION, {
    refetchQueries: ['AdminLedger', 'CurrentUser'],
    awaitRefetchQueries: true,
  });

  const submit = async () => {
    setFormError(null);
    const found = validateGrant({ amount, reason });
    setErrors(found);
    if (found.amount) return amountRef.current?.focus();
    if (found.reason) return reasonRef.current?.focus();
    try {
      const input = { userId, amount: Number(amount), reason: reason.trim() };
      const { data } = await grant({
        variables: { input: { ...input, idempotencyKey: keyFor(JSON.stringify(input)) } },
      });
      done();
      const balance = data?.staffGrantCredits.credits;
      toast({
        title: 'Credits granted',
        description: `${formatCount(Number(amount))} credits for @${username}${
          balance === undefined ? '' : `. Available now: ${formatCount(balance)}`
        }.`,
      });
      setValues(EMPTY_GRANT);
      setErrors({});
    } catch (error) {
      const message = adminErrorMessage(
        error,
        'The credits could not be granted. Please try again.',
      );
      const field = adminErrorField(error);
      if (field === 'amount' || field === 'reason') setErrors({ [field]: message });
      else setFormError(message);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className={styles.panelTitle}>
          Grant credits
        </h2>
        <p className={styles.panelIntro}>
          Goodwill credits that never expire. The ledger records you as the actor, with your reason.
        </p>
      </div>
      <form
        className={form.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <FormField id={amountId} label="Amount" required error={errors.amount} hint="1 to 10,000">
            <input
              ref={amountRef}
              id={amountId}
              name="amount"
              className={formControlClassName}
              type="number"
              inputMode="numeric"
              min={GRANT_MIN}
              max={GRANT_MAX}
              step={1}
              value={amount}
              required
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describedBy(amountId, {
                hint: '1 to 10,000',
                error: errors.amount,
              })}
              onChange={(event) => setField('amount', event.target.value)}
            />
          </FormField>
        </div>
        <div>
          <FormField
            id={reasonId}
            label="Reason"
            required
            error={errors.reason}
            aside={`${reason.length}/${REASON_MAX}`}
          >
            <textarea
              ref={reasonRef}
              id={reasonId}
              name="reason"
              className={`${formControlClassName} ${form.textarea}`}
              rows={2}
              maxLength={REASON_MAX}
              value={reason}
              required
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={describedBy(reasonId, { error: errors.reason })}
              onChange={(event) => setField('reason', event.target.value)}
            />
          </FormField>
        </div>
        <div className={form.submit}>
          <Button type="submit" busy={loading}>
            Grant credits
          </Button>
        </div>
      </form>
      {formError && (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      )}
    </section>
  );
};
