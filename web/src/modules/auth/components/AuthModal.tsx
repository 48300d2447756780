import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { Dialog } from '../../ui/components/Dialog';
import type { AuthMode } from '../utils/auth-mode';
import { authModalCopy, type AuthPurpose } from '../utils/auth-modal-copy';
import { POST_LOGIN_REDIRECT_DELAY_MS } from '../utils/post-login-redirect';

import { AuthForm } from './AuthForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { GoogleSignInButton } from './GoogleSignInButton';
import styles from './AuthModal.module.css';

type AuthModalProps = {
  initialMode: AuthMode;
  redirectTo?: string;
  purpose?: AuthPurpose;
  restoreFocus?: () => void;
  onClose: () => void;
};

/**
 * The auth modal. Toggling between login and register clears the form; after success it closes
 * and, when a redirect path was given, goes there after 100 ms (spec §2).
 */
export const AuthModal = ({
  initialMode,
  redirectTo,
  purpose,
  restoreFocus,
  onClose,
}: AuthModalProps) => {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [forgot, setForgot] = useState(false);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const onSuccess = () => {
    onClose();
    if (redirectTo) {
      window.setTimeout(() => void navigate(redirectTo), POST_LOGIN_REDIRECT_DELAY_MS);
    }
  };

  if (forgot) {
    return (
      <Dialog title="Reset your password" restoreFocus={restoreFocus} onClose={onClose}>
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      </Dialog>
    );
  }
  const copy = authModalCopy(mode, purpose);
  return (
    <Dialog title={copy.title} intro={copy.intro} restoreFocus={restoreFocus} onClose={onClose}>
      <AuthForm
        key={mode}
        mode={mode}
        screen="modal"
        onSuccess={onSuccess}
        onForgotPassword={() => setForgot(true)}
      />
      <p className={styles.toggle}>
        {mode === 'login' ? "Don't have an account?" : 'Already have an account?'}{' '}
        <button
          type="button"
          className={styles.toggleButton}
          onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
        >
          {mode === 'login' ? 'Sign up' : 'Sign in'}
        </button>
      </p>
      <p className={styles.divider}>or</p>
      <GoogleSignInButton redirect={redirectTo ?? `${pathname}${search}`} />
    </Dialog>
  );
};
