import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { ButtonLink } from '../../modules/ui/components/Button';
import { Container } from '../../modules/ui/components/Container';
import { Spinner } from '../../modules/ui/components/Spinner';

import styles from './GoogleSignInPage.module.css';

/**
 * /auth/google belongs to the server (it starts the external sign-in). When the app reaches it
 * by client-side navigation, hand over to the server with a full page load. When the app was
 * loaded *at* this address, the server did not handle it (Google sign-in is not configured),
 * so say so instead of reloading in a loop. React Router numbers history entries in `idx`;
 * the entry a document load starts on is 0.
 */
const arrivedByDocumentLoad = (): boolean => {
  const state: unknown = window.history.state;
  return !(typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0);
};

export const GoogleSignInPage = () => {
  const { search } = useLocation();
  const unavailable = arrivedByDocumentLoad();
  usePageMeta({ title: pageTitle('Continue with Google'), noIndex: true });

  useEffect(() => {
    if (!unavailable) window.location.assign(`/auth/google${search}`);
  }, [unavailable, search]);

  return (
    <Container narrow className={styles.page}>
      {unavailable ? (
        <>
          <h1 className={styles.title}>Google sign-in is not available right now</h1>
          <p className={styles.text}>Please sign in with your email and password instead.</p>
          <ButtonLink to="/auth">Go to Sign In</ButtonLink>
        </>
      ) : (
        <p className={styles.text} role="status">
          <Spinner /> Continuing to Google…
        </p>
      )}
    </Container>
  );
};
