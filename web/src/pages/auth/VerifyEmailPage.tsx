import { useMutation } from '@apollo/client/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { graphql } from '../../gql';
import { userMessageOf } from '../../modules/apollo/utils/graphql-errors';
import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { ButtonLink } from '../../modules/ui/components/Button';
import { Container } from '../../modules/ui/components/Container';
import { formAlertClassName } from '../../modules/ui/components/FormField';
import { Spinner } from '../../modules/ui/components/Spinner';

import styles from './AccountLinkPage.module.css';

const VERIFY_EMAIL = graphql(`
  mutation VerifyEmail($input: VerifyEmailInput!) {
    verifyEmail(input: $input) {
      message
    }
  }
`);

/** /verify-email?token=…: confirms an address (sign-up, or a change of email). */
export const VerifyEmailPage = () => {
  usePageMeta({ title: pageTitle('Confirm your email'), noIndex: true });
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [verifyEmail] = useMutation(VERIFY_EMAIL, { refetchQueries: ['CurrentUser'] });
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verifyEmail({ variables: { input: { token } } }).then(
      (result) => setOutcome({ ok: true, message: result.data?.verifyEmail.message ?? 'Done.' }),
      (error: unknown) =>
        setOutcome({
          ok: false,
          message: userMessageOf(error) ?? 'The link could not be checked. Please try again.',
        }),
    );
  }, [token, verifyEmail]);

  return (
    <Container className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className={styles.title}>
          Confirm your email
        </h1>
        {!outcome && (
          <p className={styles.text} role="status">
            <Spinner /> Checking your link…
          </p>
        )}
        {outcome?.ok && (
          <p className={styles.notice} role="status">
            {outcome.message}
          </p>
        )}
        {outcome && !outcome.ok && (
          <p className={formAlertClassName} role="alert">
            {outcome.message}
          </p>
        )}
        {outcome && (
          <ButtonLink to="/profile" variant={outcome.ok ? 'primary' : 'secondary'} fullWidth>
            Go to my profile
          </ButtonLink>
        )}
      </section>
    </Container>
  );
};
