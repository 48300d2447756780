import { useMutation } from '@apollo/client/react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';

import { graphql } from '../../gql';
import { userMessageOf } from '../../modules/apollo/utils/graphql-errors';
import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { ButtonLink, Button } from '../../modules/ui/components/Button';
import { Container } from '../../modules/ui/components/Container';
import { TextField, formAlertClassName } from '../../modules/ui/components/FormField';
import { useFormFields } from '../../modules/ui/hooks/useFormFields';

import styles from './AccountLinkPage.module.css';

const RESET_PASSWORD = graphql(`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      message
    }
  }
`);

const MIN_LENGTH = 6;

type Values = { password: string; confirm: string };

/** /reset-password?token=…: the emailed link lands here to choose a new password. */
export const ResetPasswordPage = () => {
  usePageMeta({ title: pageTitle('Choose a new password'), noIndex: true });
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { values, errors, setErrors, setField } = useFormFields<Values>({
    password: '',
    confirm: '',
  });
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const [resetPassword, { loading }] = useMutation(RESET_PASSWORD);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const next: Partial<Record<keyof Values, string>> = {};
    if (!values.password) next.password = 'Password is required';
    else if (values.password.length < MIN_LENGTH)
      next.password = `Password must be at least ${MIN_LENGTH} characters`;
    if (!next.password && values.confirm !== values.password)
      next.confirm = 'The two passwords do not match';
    setErrors(next);
    setFailure(undefined);
    const first = next.password ? 'password' : next.confirm ? 'confirm' : null;
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    try {
      const result = await resetPassword({
        variables: { input: { token, password: values.password } },
      });
      setDone(result.data?.resetPassword.message ?? 'Your password has been changed.');
    } catch (caught) {
      setFailure(userMessageOf(caught) ?? 'The password could not be changed. Please try again.');
    }
  };

  return (
    <Container className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className={styles.title}>
          Choose a new password
        </h1>
        {done ? (
          <>
            <p className={styles.notice} role="status">
              {done}
            </p>
            <ButtonLink to="/auth" fullWidth size="lg">
              Sign in
            </ButtonLink>
          </>
        ) : !token ? (
          <>
            <p className={formAlertClassName} role="alert">
              This page needs the link from your email. Open the whole link, or ask for a new one
              with &quot;Forgot password?&quot; on the sign-in page.
            </p>
            <ButtonLink to="/auth" variant="secondary" fullWidth>
              Go to sign in
            </ButtonLink>
          </>
        ) : (
          <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
            <p className={styles.text}>
              Setting a new password signs you out on every device. You then sign in with it.
            </p>
            <TextField
              id={`${id}-password`}
              label="New password"
              required
              type="password"
              name="password"
              autoComplete="new-password"
              hint={`At least ${MIN_LENGTH} characters`}
              value={values.password}
              error={errors.password}
              onValueChange={(value) => setField('password', value)}
            />
            <TextField
              id={`${id}-confirm`}
              label="Repeat the new password"
              required
              type="password"
              name="confirm"
              autoComplete="new-password"
              value={values.confirm}
              error={errors.confirm}
              onValueChange={(value) => setField('confirm', value)}
            />
            {failure && (
              <div className={styles.form}>
                <p className={formAlertClassName} role="alert">
                  {failure}
                </p>
                <ButtonLink to="/auth" variant="secondary">
                  Go to sign in
                </ButtonLink>
              </div>
            )}
            <Button type="submit" fullWidth size="lg" busy={loading}>
              {loading ? 'Saving...' : 'Set new password'}
            </Button>
          </form>
        )}
      </section>
    </Container>
  );
};
