import { buttonClassName } from '../../ui/components/Button';
import { googleSignInUrl, saveRedirectAfterLogin } from '../utils/post-login-redirect';

/** Google's "G" mark in its four brand colours. */
const GoogleMark = () => (
  <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
    <path
      fill="#EA4335"
      d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
    />
    <path
      fill="#4285F4"
      d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 2.9-2.2 5.4-4.7 7.1l7.6 5.9c4.4-4.1 6.9-10.1 6.9-17.5z"
    />
    <path
      fill="#FBBC05"
      d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
    />
    <path
      fill="#34A853"
      d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.6-5.9c-2.1 1.4-4.9 2.3-8.3 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
    />
  </svg>
);

type GoogleSignInButtonProps = {
  /** Where to come back to after signing in; saved for the return trip and sent as `redirect`. */
  redirect: string;
};

/**
 * A full-page navigation to the server's /auth/google, which starts the external sign-in.
 * The pre-login path is saved first (session storage, spec §4); the server sends the browser
 * back to `/?auth_success=true`, where the landing page restores it.
 */
export const GoogleSignInButton = ({ redirect }: GoogleSignInButtonProps) => (
  <a
    href={googleSignInUrl(redirect)}
    className={buttonClassName({ variant: 'secondary', fullWidth: true })}
    onClick={() => saveRedirectAfterLogin(redirect)}
  >
    <GoogleMark />
    Continue with Google
  </a>
);
