import { useState } from 'react';
import { Link } from 'react-router';

import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import styles from '../../modules/auth/components/AuthLayout.module.css';
import { AuthTabs } from '../../modules/auth/components/AuthTabs';
import { ForgotPasswordForm } from '../../modules/auth/components/ForgotPasswordForm';
import { GoogleSignInButton } from '../../modules/auth/components/GoogleSignInButton';
import { useAuthPageFlow } from '../../modules/auth/hooks/useAuthPageFlow';
import { ShowcasePicture } from '../../modules/showcase/components/ShowcasePicture';
import { SHOWCASE_IMAGES } from '../../modules/showcase/utils/showcase-images';
import { Container } from '../../modules/ui/components/Container';
import { IconCheck, IconChevronLeft } from '../../modules/ui/icons/icons';

const PERKS = [
  '5 free credits when you sign up',
  'Five styles plus Image to Anime',
  'Your photos are deleted after processing',
] as const;

const THUMBS = [
  SHOWCASE_IMAGES.astronaut['action-figure'],
  SHOWCASE_IMAGES.chelsea.pixar,
  SHOWCASE_IMAGES.astronaut.ghibli,
  SHOWCASE_IMAGES.chelsea.chibi,
] as const;

export const AuthPage = () => {
  usePageMeta({
    title: pageTitle('Sign in or create an account'),
    description:
      'Sign in to turn your photos into character art, or create an account and get 5 free credits.',
  });
  const { mode, setMode, target, onSuccess } = useAuthPageFlow();
  const [forgot, setForgot] = useState(false);
  return (
    <Container className={styles.page}>
      <div className={styles.aside}>
        <h1 className={styles.title}>Your characters are waiting</h1>
        <p className={styles.intro}>
          Sign in to generate, download and keep your creations. New here? Create an account in
          under a minute.
        </p>
        <ul className={styles.perks}>
          {PERKS.map((perk) => (
            <li key={perk} className={styles.perk}>
              <span className={styles.perkIcon} aria-hidden="true">
                <IconCheck size={16} />
              </span>
              {perk}
            </li>
          ))}
        </ul>
        <ul className={styles.thumbs} aria-hidden="true">
          {THUMBS.map((image) => (
            <li key={image.src}>
              <ShowcasePicture image={image} sizes="88px" />
            </li>
          ))}
        </ul>
      </div>
      {forgot ? (
        <section className={styles.card} aria-labelledby="forgot-password-title">
          <h2 id="forgot-password-title" className={styles.cardTitle}>
            Reset your password
          </h2>
          <ForgotPasswordForm onBack={() => setForgot(false)} />
        </section>
      ) : (
        <section className={styles.card} aria-label="Sign In or Sign Up">
          <AuthTabs
            mode={mode}
            onModeChange={setMode}
            onSuccess={onSuccess}
            onForgotPassword={() => setForgot(true)}
          />
          <p className={styles.divider}>or</p>
          <GoogleSignInButton redirect={target} />
          <Link to="/" className={styles.back}>
            <IconChevronLeft size={16} />
            Back to home
          </Link>
        </section>
      )}
    </Container>
  );
};
