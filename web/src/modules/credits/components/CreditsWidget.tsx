import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { Button, ButtonLink } from '../../ui/components/Button';
import { Spinner } from '../../ui/components/Spinner';
import { IconCoins, IconUser } from '../../ui/icons/icons';
import { cx } from '../../ui/utils/cx';
import {
  CREDITS_PER_GENERATION,
  generationsRemaining,
  isLowOnCredits,
  pluralise,
} from '../utils/credit-rules';

import styles from './CreditsWidget.module.css';

export type CreditsWidgetProps = { compact?: boolean } & (
  | { status: 'loading' }
  | { status: 'signed-out'; onLogin: () => void }
  | {
      status: 'signed-in';
      credits: number;
      /** The balance by bucket, rendered only while "By bucket" is open (it fetches). */
      detail?: () => ReactNode;
    }
);

/** The sidebar's credits card: loading, signed out (Login Required) or signed in (balance). */
export const CreditsWidget = (props: CreditsWidgetProps) => {
  const { compact = false } = props;

  if (props.status === 'loading') {
    return (
      <div className={cx(styles.widget, compact && styles.compact)}>
        <div className={styles.loading}>
          <Spinner label="Loading credits" />
          {!compact && <span aria-hidden="true">Loading credits…</span>}
        </div>
      </div>
    );
  }

  if (props.status === 'signed-out') {
    if (compact) {
      return (
        <div className={cx(styles.widget, styles.compact)}>
          <button
            type="button"
            className={styles.compactButton}
            onClick={props.onLogin}
            aria-label="Login Required. Login"
            data-focus-return="sidebar-login"
          >
            <IconUser size={18} />
          </button>
        </div>
      );
    }
    return (
      <div className={styles.widget}>
        <div className={styles.row}>
          <span className={styles.icon} aria-hidden="true">
            <IconUser size={18} />
          </span>
          <div>
            <p className={styles.title}>Login Required</p>
            <p className={styles.hint}>Sign in to see your credits and generate.</p>
          </div>
        </div>
        <Button size="sm" fullWidth onClick={props.onLogin} data-focus-return="sidebar-login">
          Login
        </Button>
      </div>
    );
  }

  const { credits, detail } = props;
  const low = isLowOnCredits(credits);
  const remaining = generationsRemaining(credits);
  const summary = `${pluralise(credits, 'credit')}, ${pluralise(remaining, 'generation')} remaining`;

  if (compact) {
    return (
      <div className={cx(styles.widget, styles.compact, low && styles.low)} data-low={low}>
        <Link to="/pricing" className={styles.compactLink} aria-label={`${summary}. Add Credits`}>
          <span className={styles.icon} aria-hidden="true">
            <IconCoins size={18} />
          </span>
          <span className={styles.compactValue} aria-hidden="true">
            {credits.toLocaleString('en-US')}
          </span>
        </Link>
      </div>
    );
  }

  return (
    <div className={cx(styles.widget, low && styles.low)} data-low={low}>
      <div className={styles.row}>
        <span className={styles.icon} aria-hidden="true">
          <IconCoins size={18} />
        </span>
        <div>
          <p className={styles.label}>Credits</p>
          <p className={styles.value}>{credits.toLocaleString('en-US')}</p>
        </div>
      </div>
      <p className={styles.hint}>
        {pluralise(remaining, 'generation')} remaining
        {low && ` · each image uses ${CREDITS_PER_GENERATION} credits`}
      </p>
      {detail && <CreditsDetail detail={detail} />}
      <ButtonLink to="/pricing" size="sm" variant={low ? 'primary' : 'secondary'} fullWidth>
        Add Credits
      </ButtonLink>
    </div>
  );
};

const CreditsDetail = ({ detail }: { detail: () => ReactNode }) => {
  const [open, setOpen] = useState(false);
  return (
    <details
      className={styles.detail}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className={styles.detailSummary}>By bucket</summary>
      {open && detail()}
    </details>
  );
};
