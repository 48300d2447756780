import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

import { withApollo } from '../../apollo/components/with-apollo';
import { captureFocusReturn } from '../../ui/utils/focus-return';
import { AuthModalContext } from '../hooks/useAuthModal';
import type { AuthModalApi, OpenAuthModalOptions } from '../hooks/useAuthModal';
import type { AuthMode } from '../utils/auth-mode';

// The modal (forms, validation, mutations) is its own chunk, loaded with the GraphQL client the
// first time it opens.
const AuthModal = lazy(async () => ({
  default: await withApollo(async () => (await import('./AuthModal')).AuthModal),
}));

type ModalState = {
  mode: AuthMode;
  redirectTo?: string;
  purpose?: OpenAuthModalOptions['purpose'];
  /** Captured on the click that opened it: the modal's chunk may load after its opener moved. */
  restoreFocus: () => void;
  key: number;
} | null;

/** Mounted once in the app shell: holds the auth modal's state and renders it when open. */
export const AuthModalProvider = ({ children }: { children: ReactNode }) => {
  const [state, setState] = useState<ModalState>(null);

  const openAuthModal = useCallback((options: OpenAuthModalOptions = {}) => {
    const restoreFocus = captureFocusReturn();
    setState((previous) => ({
      restoreFocus,
      mode: options.mode ?? 'login',
      redirectTo: options.redirectTo,
      purpose: options.purpose,
      key: (previous?.key ?? 0) + 1,
    }));
  }, []);
  const closeAuthModal = useCallback(() => setState(null), []);

  const api = useMemo<AuthModalApi>(
    () => ({ openAuthModal, closeAuthModal }),
    [openAuthModal, closeAuthModal],
  );

  return (
    <AuthModalContext.Provider value={api}>
      {children}
      {state && (
        <Suspense fallback={null}>
          <AuthModal
            key={state.key}
            initialMode={state.mode}
            redirectTo={state.redirectTo}
            purpose={state.purpose}
            restoreFocus={state.restoreFocus}
            onClose={closeAuthModal}
          />
        </Suspense>
      )}
    </AuthModalContext.Provider>
  );
};
