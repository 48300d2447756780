import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { errorCodeOf, errorFieldOf, userMessageOf } from '../../apollo/utils/graphql-errors';
import { useToast } from '../../toast/hooks/useToast';
import { Dialog, dialogFormClassName } from '../../ui/components/Dialog';
import { DialogActions } from '../../ui/components/DialogActions';
import { TextField } from '../../ui/components/FormField';
import { useFormFields } from '../../ui/hooks/useFormFields';
import { useUpdateProfile } from '../hooks/useUpdateProfile';
import { validateProfileForm } from '../utils/validate-profile-form';
import type { ProfileFormValues } from '../utils/validate-profile-form';

type EditProfileDialogProps = {
  initial: ProfileFormValues;
  email: string;
  onClose: () => void;
};

const FIELDS = [
  { field: 'fullName', label: 'Full name', autoComplete: 'name', required: false },
  { field: 'username', label: 'Username', autoComplete: 'username', required: true },
] as const;

/** Edit Profile: full name and username, checked here and again on the server. */
export const EditProfileDialog = ({ initial, email, onClose }: EditProfileDialogProps) => {
  const idPrefix = useId();
  const { toast } = useToast();
  const { save, pending } = useUpdateProfile();
  const { values, errors, setErrors, setField } = useFormFields(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const controlId = (field: keyof ProfileFormValues) => `${idPrefix}-${field}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const validation = validateProfileForm(values);
    setErrors(validation);
    setFailure(null);
    const firstInvalid = FIELDS.find(({ field }) => validation[field])?.field;
    if (firstInvalid) {
      document.getElementById(controlId(firstInvalid))?.focus();
      return;
    }
    try {
      await save(values);
      toast({ title: 'Profile updated', description: 'Your changes are saved.' });
      onClose();
    } catch (error) {
      const message = userMessageOf(error) ?? 'Your profile could not be saved. Please try again.';
      const field = errorCodeOf(error) === 'CONFLICT' ? 'username' : errorFieldOf(error);
      if (field === 'username' || field === 'fullName') {
        setErrors({ [field]: message });
        document.getElementById(controlId(field))?.focus();
      } else {
        setFailure(message);
      }
    }
  };

  return (
    <Dialog
      title="Edit profile"
      intro={`Signed in as ${email}. Your email address stays as it is.`}
      onClose={onClose}
    >
      <form className={dialogFormClassName} noValidate onSubmit={(event) => void onSubmit(event)}>
        {FIELDS.map(({ field, label, autoComplete, required }) => {
          const id = controlId(field);
          const error = errors[field];
          const hint =
            field === 'username' && !error
              ? 'Letters, numbers, dots, dashes and underscores'
              : undefined;
          return (
            <TextField
              key={field}
              id={id}
              label={label}
              required={required}
              error={error}
              hint={hint}
              name={field}
              type="text"
              autoComplete={autoComplete}
              maxLength={field === 'username' ? 40 : 100}
              value={values[field]}
              onValueChange={(value) => setField(field, value)}
            />
          );
        })}
        <DialogActions
          failure={failure}
          onCancel={onClose}
          confirmLabel={pending ? 'Saving...' : 'Save changes'}
          busy={pending}
        />
      </form>
    </Dialog>
  );
};
