import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useFocusTrapLite } from '../../layout/hooks/useFocusTrapLite';
import { IconClose } from '../../ui/icons/icons';
import type { AuthMode } from '../hooks/useAuthModal';
import { POST_LOGIN_REDIRECT_DELAY_MS } from '../utils/post-login-redirect';

import { AuthForm } from './AuthForm';
import { GoogleSignInButton } from './GoogleSignInButton';
import styles from './AuthModal.module.css';

type AuthModalProps = {
  initialMode: AuthMode;
  redirectTo?: string;
  onClose: () => void;
};

const COPY: Readonly<Record<AuthMode, { title: string; intro: string }>> = {
  login: { title: 'Welcome back', intro: 'Sign in to generate and download your art.' },
  register: {
    title: 'Create your account',
    intro: 'Sign up and get 5 free credits: enough for your first image.',
  },
};

/**
 * The auth modal: focus stays inside, Escape or a press on the backdrop closes it and focus
 * returns to where it was. (Not a native <dialog>: its top layer would hide the toasts.)
 * Toggling between login and register clears the form; after success it closes and, when a
 * redirect path was given, goes there after 100 ms (spec §2).
 */
export const AuthModal = ({ initialMode, redirectTo, onClose }: AuthModalProps) => {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useFocusTrapLite(true, panelRef);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [onClose]);

  const onSuccess = () => {
    onClose();
    if (redirectTo) {
      window.setTimeout(() => void navigate(redirectTo), POST_LOGIN_REDIRECT_DELAY_MS);
    }
  };

  const copy = COPY[mode];
  return (
    <div
      className={styles.backdrop}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          <IconClose size={20} />
        </button>
        <h2 id={titleId} className={styles.title}>
          {copy.title}
        </h2>
        <p className={styles.intro}>{copy.intro}</p>
        <AuthForm key={mode} mode={mode} screen="modal" onSuccess={onSuccess} />
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
      </div>
    </div>
  );
};
