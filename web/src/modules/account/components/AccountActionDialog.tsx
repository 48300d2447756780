import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';

import { errorCodeOf, errorFieldOf, userMessageOf } from '../../apollo/utils/graphql-errors';
import type { ButtonVariant } from '../../ui/components/Button';
import { Dialog, dialogFormClassName } from '../../ui/components/Dialog';
import { DialogActions } from '../../ui/components/DialogActions';
import { TextField } from '../../ui/components/FormField';
import { useFormFields } from '../../ui/hooks/useFormFields';

export type ActionField<Name extends string> = {
  name: Name;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  hint?: string;
};

type AccountActionDialogProps<Name extends string> = {
  title: string;
  intro: ReactNode;
  fields: readonly ActionField<Name>[];
  /** Client-side checks: a message per field that is wrong. */
  validate: (values: Record<Name, string>) => Partial<Record<Name, string>>;
  /** Does the work; a thrown GraphQL error is shown on its field or above the buttons. */
  submit: (values: Record<Name, string>) => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  onClose: () => void;
  /** Extra content under the fields (a warning, another way to confirm). */
  children?: ReactNode;
};

/** A small form in a dialog for the account's sensitive changes (email, password, deletion). */
export const AccountActionDialog = <Name extends string>({
  title,
  intro,
  fields,
  validate,
  submit,
  submitLabel,
  pendingLabel,
  variant = 'primary',
  onClose,
  children,
}: AccountActionDialogProps<Name>) => {
  const idPrefix = useId();
  const initial = Object.fromEntries(fields.map((field) => [field.name, ''])) as Record<
    Name,
    string
  >;
  const { values, errors, setErrors, setField } = useFormFields<Record<Name, string>>(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const controlId = (name: Name) => `${idPrefix}-${name}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const validation = validate(values);
    setErrors(validation);
    setFailure(null);
    const firstInvalid = fields.find((field) => validation[field.name])?.name;
    if (firstInvalid) {
      document.getElementById(controlId(firstInvalid))?.focus();
      return;
    }
    setPending(true);
    try {
      await submit(values);
    } catch (error) {
      const message = userMessageOf(error) ?? 'This could not be done. Please try again.';
      const named =
        errorFieldOf(error) ??
        (errorCodeOf(error) === 'WRONG_PASSWORD' ? 'currentPassword' : undefined);
      const field = fields.find((candidate) => candidate.name === named)?.name;
      if (field) {
        setErrors({ [field]: message } as Partial<Record<Name, string>>);
        document.getElementById(controlId(field))?.focus();
      } else {
        setFailure(message);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={title} intro={intro} onClose={onClose}>
      <form className={dialogFormClassName} noValidate onSubmit={(event) => void onSubmit(event)}>
        {fields.map((field) => (
          <TextField
            key={field.name}
            id={controlId(field.name)}
            label={field.label}
            required
            error={errors[field.name]}
            hint={field.hint}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onValueChange={(value) => setField(field.name, value)}
          />
        ))}
        {children}
        <DialogActions
          failure={failure}
          onCancel={onClose}
          confirmLabel={pending ? pendingLabel : submitLabel}
          confirmVariant={variant}
          busy={pending}
        />
      </form>
    </Dialog>
  );
};
