import { useId } from 'react';
import type { FormEvent } from 'react';

import { userMessageOf } from '../../apollo/utils/graphql-errors';
import { useToast } from '../../toast/hooks/useToast';
import { Button } from '../../ui/components/Button';
import { TextField } from '../../ui/components/FormField';
import { useFormFields } from '../../ui/hooks/useFormFields';
import { useAuthMutations } from '../hooks/useAuthMutations';
import type { AuthMode } from '../utils/auth-mode';
import type { CurrentUser } from '../hooks/useCurrentUser';
import { AUTH_TOASTS } from '../utils/auth-toasts';
import type { AuthScreen } from '../utils/auth-toasts';
import {
  EMPTY_AUTH_FORM,
  firstInvalidAuthField,
  validateAuthForm,
} from '../utils/validate-auth-form';
import type { AuthFormField, AuthFormValues } from '../utils/validate-auth-form';

import styles from './AuthForm.module.css';

type AuthFormProps = {
  mode: AuthMode;
  /** The modal and the /auth page word their toasts and full-name rule differently. */
  screen: AuthScreen;
  onSuccess: (user: CurrentUser) => void;
  /** Shows "Forgot password?" under the sign-in fields. */
  onForgotPassword?: () => void;
};

type FieldSpec = {
  field: AuthFormField;
  label: string;
  type: string;
  autoComplete: string;
};

const fieldsFor = (mode: AuthMode): FieldSpec[] => [
  ...(mode === 'register'
    ? [
        { field: 'fullName', label: 'Full name', type: 'text', autoComplete: 'name' } as const,
        { field: 'username', label: 'Username', type: 'text', autoComplete: 'nickname' } as const,
      ]
    : []),
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    field: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: mode === 'login' ? 'current-password' : 'new-password',
  },
];

/** Email and password sign-in, or sign-up with full name and username (spec §5 rules). */
export const AuthForm = ({ mode, screen, onSuccess, onForgotPassword }: AuthFormProps) => {
  const idPrefix = useId();
  const { toast } = useToast();
  const { submit, pending } = useAuthMutations();
  const { values, errors, setErrors, setField } = useFormFields<AuthFormValues>(EMPTY_AUTH_FORM);
  const rules = { mode, fullNameRequired: screen === 'modal' };
  const controlId = (field: AuthFormField) => `${idPrefix}-${field}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const validation = validateAuthForm(values, rules);
    setErrors(validation);
    const firstInvalid = firstInvalidAuthField(validation);
    if (firstInvalid) {
      document.getElementById(controlId(firstInvalid))?.focus();
      return;
    }
    const messages = AUTH_TOASTS[screen];
    try {
      const user = await submit(mode, values);
      toast(mode === 'login' ? messages.loggedIn : messages.registered);
      onSuccess(user);
    } catch (error) {
      const message = userMessageOf(error);
      toast(mode === 'login' ? messages.loginFailed(message) : messages.registerFailed(message));
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      {fieldsFor(mode).map(({ field, label, type, autoComplete }) => {
        const id = controlId(field);
        const error = errors[field];
        const required = field !== 'fullName' || rules.fullNameRequired;
        const hint =
          field === 'password' && mode === 'register' ? 'At least 6 characters' : undefined;
        return (
          <TextField
            key={field}
            id={id}
            label={label}
            required={required}
            error={error}
            hint={hint}
            name={field}
            type={type}
            autoComplete={autoComplete}
            value={values[field]}
            onValueChange={(value) => setField(field, value)}
          />
        );
      })}
      {mode === 'login' && onForgotPassword && (
        <div className={styles.forgotRow}>
          <button type="button" className={styles.linkButton} onClick={onForgotPassword}>
            Forgot password?
          </button>
        </div>
      )}
      <Button type="submit" fullWidth size="lg" busy={pending}>
        {mode === 'login'
          ? pending
            ? 'Signing in...'
            : 'Sign In'
          : pending
            ? 'Creating account...'
            : 'Create Account'}
      </Button>
    </form>
  );
};
