import type { AuthMode } from './auth-mode';

/** What the visitor was doing when the auth modal opened: its words say what comes next. */
export type AuthPurpose =
  | { kind: 'account' }
  | { kind: 'generate' }
  | { kind: 'creations' }
  | { kind: 'checkout'; planName: string }
  | { kind: 'redeem' };

const SIGN_UP_BONUS = 'and get 5 free credits';

/** The modal's title and intro for a mode and the action that opened it. */
export const authModalCopy = (
  mode: AuthMode,
  purpose: AuthPurpose = { kind: 'account' },
): { title: string; intro: string } => {
  const title = mode === 'login' ? 'Welcome back' : 'Create your account';
  switch (purpose.kind) {
    case 'generate':
      return {
        title,
        intro:
          mode === 'login'
            ? 'Sign in to generate and download your art.'
            : `Sign up ${SIGN_UP_BONUS}: enough for your first image.`,
      };
    case 'creations':
      return {
        title,
        intro:
          mode === 'login'
            ? 'Sign in to see your creations.'
            : `Sign up ${SIGN_UP_BONUS}. Everything you create is kept for you here.`,
      };
    case 'checkout':
      return {
        title,
        intro:
          mode === 'login'
            ? `Sign in to continue to the ${purpose.planName} checkout.`
            : `Create your account to continue to the ${purpose.planName} checkout.`,
      };
    case 'redeem':
      return {
        title,
        intro:
          mode === 'login'
            ? 'Sign in to redeem your gift: the credits go to your account.'
            : 'Create your free account to redeem your gift. You come straight back here.',
      };
    case 'account':
      return {
        title,
        intro:
          mode === 'login'
            ? 'Sign in to see your credits, creations and subscription.'
            : `Sign up ${SIGN_UP_BONUS}: enough for your first image.`,
      };
    default: {
      const unknown: never = purpose;
      throw new Error(`Unknown auth purpose ${JSON.stringify(unknown)}`);
    }
  }
};
