import { useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';

import { cx } from '../../ui/utils/cx';
import type { AuthMode } from '../utils/auth-mode';
import type { CurrentUser } from '../hooks/useCurrentUser';

import { AuthForm } from './AuthForm';
import styles from './AuthTabs.module.css';

const TABS: readonly { mode: AuthMode; label: string }[] = [
  { mode: 'login', label: 'Sign In' },
  { mode: 'register', label: 'Sign Up' },
];

type AuthTabsProps = {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSuccess: (user: CurrentUser, mode: AuthMode) => void;
  onForgotPassword: () => void;
};

/** The /auth page's Sign In and Sign Up tabs (arrow keys move between them; switching clears). */
export const AuthTabs = ({ mode, onModeChange, onSuccess, onForgotPassword }: AuthTabsProps) => {
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<AuthMode, HTMLButtonElement | null>>>({});
  const tabId = (tab: AuthMode) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: AuthMode =
      event.key === 'Home'
        ? 'login'
        : event.key === 'End'
          ? 'register'
          : mode === 'login'
            ? 'register'
            : 'login';
    onModeChange(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label="Sign In or Sign Up" className={styles.list}>
        {TABS.map((tab) => {
          const selected = tab.mode === mode;
          return (
            <button
              key={tab.mode}
              ref={(element) => {
                tabRefs.current[tab.mode] = element;
              }}
              id={tabId(tab.mode)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={cx(styles.tab, selected && styles.selected)}
              onClick={() => onModeChange(tab.mode)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(mode)}>
        <AuthForm
          key={mode}
          mode={mode}
          screen="page"
          onSuccess={(user) => onSuccess(user, mode)}
          onForgotPassword={onForgotPassword}
        />
      </div>
    </div>
  );
};
