import { useMutation } from '@apollo/client/react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';

import { graphql } from '../../../gql';
import { userMessageOf } from '../../apollo/utils/graphql-errors';
import { Button } from '../../ui/components/Button';
import { TextField, formAlertClassName } from '../../ui/components/FormField';

import styles from './AuthForm.module.css';

const FORGOT_PASSWORD = graphql(`
  mutation ForgotPassword($input: ForgotPasswordInput!) {
    forgotPassword(input: $input) {
      message
    }
  }
`);

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type ForgotPasswordFormProps = {
  /** Back to the sign-in form. */
  onBack: () => void;
};

/** "Forgot password?": asks for the email and says what happens next, whoever owns it. */
export const ForgotPasswordForm = ({ onBack }: ForgotPasswordFormProps) => {
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [forgotPassword, { loading }] = useMutation(FORGOT_PASSWORD);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const trimmed = email.trim();
    const error = !trimmed
      ? 'Email is required'
      : EMAIL_SHAPE.test(trimmed)
        ? undefined
        : 'Please enter a valid email address';
    setFieldError(error);
    setFailure(undefined);
    if (error) {
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    try {
      const result = await forgotPassword({ variables: { input: { email: trimmed } } });
      setSent(result.data?.forgotPassword.message);
    } catch (caught) {
      setFailure(userMessageOf(caught) ?? 'The request could not be sent. Please try again.');
    }
  };

  if (sent) {
    return (
      <div className={styles.form}>
        <p className={styles.notice} role="status">
          {sent}
        </p>
        <p className={styles.note}>
          Nothing after a few minutes? Check your spam folder, or make sure you typed the address
          you signed up with.
        </p>
        <Button variant="secondary" fullWidth onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <form
      className={styles.form}
      noValidate
      aria-label="Reset your password"
      onSubmit={(event) => void onSubmit(event)}
    >
      <p className={styles.note}>
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <TextField
        id={`${id}-email`}
        label="Email"
        required
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        error={fieldError}
        onValueChange={(value) => {
          setEmail(value);
          setFieldError(undefined);
        }}
      />
      {failure && (
        <p className={formAlertClassName} role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" fullWidth size="lg" busy={loading}>
        {loading ? 'Sending...' : 'Send reset link'}
      </Button>
      <button type="button" className={styles.linkButton} onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
};
