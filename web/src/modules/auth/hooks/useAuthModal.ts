import { createContext, useContext } from 'react';

import type { AuthPurpose } from '../utils/auth-modal-copy';
import type { AuthMode } from '../utils/auth-mode';

export type OpenAuthModalOptions = {
  /** Which form opens first; login unless told. */
  mode?: AuthMode;
  /** Where to go 100 ms after signing in (spec §2); stays on the page when omitted. */
  redirectTo?: string;
  /** What the visitor was doing: the modal's words say what signing in leads to. */
  purpose?: AuthPurpose;
};

export type AuthModalApi = {
  openAuthModal: (options?: OpenAuthModalOptions) => void;
  closeAuthModal: () => void;
};

export const AuthModalContext = createContext<AuthModalApi | null>(null);

/**
 * Opens the one auth modal of the app (mounted by AuthModalProvider in the app shell).
 * `openAuthModal({ mode: 'register', redirectTo: '/ghibli' })`
 */
export const useAuthModal = (): AuthModalApi => {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal must be used inside <AuthModalProvider>');
  return api;
};
