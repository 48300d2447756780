import type { ToastInput } from '../../toast/utils/toast-store';

/** Which screen a sign-in happened on: the spec words the toasts differently (§8). */
export type AuthScreen = 'modal' | 'page';

type AuthToasts = {
  loggedIn: ToastInput;
  registered: ToastInput;
  loginFailed: (message?: string) => ToastInput;
  registerFailed: (message?: string) => ToastInput;
};

const loggedIn: ToastInput = {
  title: 'Welcome back!',
  description: "You've been logged in successfully.",
};

const authenticationFailed = (message?: string): ToastInput => ({
  title: 'Authentication failed',
  description: message ?? 'Please check your credentials and try again.',
  variant: 'destructive',
});

export const AUTH_TOASTS: Readonly<Record<AuthScreen, AuthToasts>> = {
  modal: {
    loggedIn,
    registered: {
      title: 'Account created!',
      description: "Welcome! You've been logged in automatically.",
    },
    loginFailed: authenticationFailed,
    registerFailed: authenticationFailed,
  },
  page: {
    loggedIn,
    registered: {
      title: 'Account created!',
      description: "Welcome to our platform. You've been logged in automatically.",
    },
    loginFailed: (message) => ({
      title: 'Login failed',
      description: message ?? 'Invalid email or password',
      variant: 'destructive',
    }),
    registerFailed: (message) => ({
      title: 'Registration failed',
      description: message ?? 'Unable to create account',
      variant: 'destructive',
    }),
  },
};

/** Where a logout was started: the header menu or the profile page (spec §8 wordings). */
export type LogoutPlace = 'menu' | 'profile';

export const LOGOUT_TOASTS: Readonly<
  Record<LogoutPlace, { succeeded: ToastInput; failed: ToastInput }>
> = {
  menu: {
    succeeded: {
      title: 'Logged out successfully',
      description: "You've been signed out of your account.",
    },
    failed: {
      title: 'Logout failed',
      description: 'There was an issue signing you out.',
      variant: 'destructive',
    },
  },
  profile: {
    succeeded: { title: 'Logged out', description: "You've been signed out of your account." },
    failed: {
      title: 'Logout failed',
      description: 'There was an issue logging you out.',
      variant: 'destructive',
    },
  },
};

/** The `/auth?error=<code>` codes the server uses when Google sign-in does not complete. */
export const GOOGLE_ERROR_TOASTS: Readonly<Record<string, ToastInput>> = {
  google_unavailable: {
    title: 'Google sign-in is not available right now',
    description: 'Please sign in with your email and password instead.',
    variant: 'destructive',
  },
  google_failed: {
    title: 'Google sign-in failed',
    description: 'Something went wrong while signing in with Google. Please try again.',
    variant: 'destructive',
  },
  google_denied: {
    title: 'Google sign-in was cancelled',
    description: 'Google did not share your account with us. Try again, or use email and password.',
    variant: 'destructive',
  },
  google_account_taken: {
    title: 'Google sign-in failed',
    description:
      'The account with this email signs in with another Google account. Sign in with that Google account instead.',
    variant: 'destructive',
  },
  google_email_unverified: {
    title: 'Google sign-in failed',
    description:
      'Your Google email address is not verified. Verify it with Google, or sign up with email and password.',
    variant: 'destructive',
  },
};

export const googleErrorToast = (code: string): ToastInput =>
  GOOGLE_ERROR_TOASTS[code] ?? {
    title: 'Google sign-in failed',
    description: 'Please try again, or sign in with your email and password.',
    variant: 'destructive',
  };
