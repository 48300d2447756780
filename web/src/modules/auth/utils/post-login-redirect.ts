/** Session storage key of the path to return to after an external sign-in (spec §4). */
export const REDIRECT_AFTER_LOGIN_KEY = 'redirectAfterLogin';

/** Delay before following the redirect path after signing in (spec §9). */
export const POST_LOGIN_REDIRECT_DELAY_MS = 100;

/** Only same-site paths: "/x" but not "//evil.example" or "https://…". */
export const isSafeRedirectPath = (path: string | null | undefined): path is string =>
  typeof path === 'string' &&
  path.startsWith('/') &&
  !path.startsWith('//') &&
  !path.includes('\\');

export const saveRedirectAfterLogin = (path: string): void => {
  try {
    if (isSafeRedirectPath(path)) window.sessionStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, path);
  } catch {
    // Storage can be unavailable (private modes); the redirect then falls back to the server's.
  }
};

/** Reads and forgets the saved path. */
export const takeRedirectAfterLogin = (): string | null => {
  try {
    const path = window.sessionStorage.getItem(REDIRECT_AFTER_LOGIN_KEY);
    window.sessionStorage.removeItem(REDIRECT_AFTER_LOGIN_KEY);
    return isSafeRedirectPath(path) ? path : null;
  } catch {
    return null;
  }
};

/** The address that starts Google sign-in and comes back to `redirect`. */
export const googleSignInUrl = (redirect: string): string =>
  `/auth/google?redirect=${encodeURIComponent(redirect)}`;
