import { useId } from 'react';

import { Button, ButtonLink } from '../../ui/components/Button';
import { IconCoins, IconSparkles, IconUser } from '../../ui/icons/icons';
import {
  LOADING_DETAIL,
  LOADING_LABEL,
  SIGNED_OUT_LABEL,
  type GenerateButtonState,
} from '../utils/generate-button-state';

import styles from './GenerateButton.module.css';

type GenerateButtonProps = {
  state: GenerateButtonState;
  /** The ready label, e.g. "Generate Ghibli Art" or "Create Action Figure". */
  label: string;
  onGenerate: () => void;
  onLogin: () => void;
  /** Why a ready button is disabled (the action figure page without a prompt). */
  disabledReason?: string;
};

/**
 * The creators' action button (spec §4): Loading... while auth loads, Login to Generate when
 * signed out, red Get More Credits below 5 credits, otherwise Generate with the balance, and a
 * spinner while a generation runs.
 */
export const GenerateButton = ({
  state,
  label,
  onGenerate,
  onLogin,
  disabledReason,
}: GenerateButtonProps) => {
  const detailId = useId();
  switch (state.kind) {
    case 'pending':
      return (
        <div className={styles.action}>
          <Button size="lg" fullWidth busy icon={<IconSparkles size={18} />}>
            Generating...
          </Button>
          <p className={styles.detail}>Your credits are reserved until the image is ready.</p>
        </div>
      );
    case 'loading':
      return (
        <div className={styles.action}>
          <Button size="lg" fullWidth busy icon={<IconSparkles size={18} />}>
            {LOADING_LABEL}
          </Button>
          <p className={styles.detail}>{LOADING_DETAIL}</p>
        </div>
      );
    case 'signed-out':
      return (
        <div className={styles.action}>
          <Button size="lg" fullWidth onClick={onLogin} icon={<IconUser size={18} />}>
            {SIGNED_OUT_LABEL}
          </Button>
          <p className={styles.detail}>
            New accounts get 5 free credits: your first image is on us.
          </p>
        </div>
      );
    case 'insufficient':
      return (
        <div className={styles.action}>
          <ButtonLink
            to="/pricing"
            size="lg"
            variant="danger"
            fullWidth
            icon={<IconCoins size={18} />}
          >
            {state.label}
          </ButtonLink>
          <p className={styles.detail}>Each image uses 5 credits. Pro adds 300 credits a month.</p>
        </div>
      );
    case 'ready':
      return (
        <div className={styles.action}>
          <Button
            size="lg"
            fullWidth
            onClick={onGenerate}
            disabled={state.disabled}
            icon={<IconSparkles size={18} />}
            aria-describedby={detailId}
          >
            {label}
          </Button>
          <p id={detailId} className={styles.detail}>
            {state.disabled && disabledReason ? `${disabledReason} · ` : ''}
            {state.detail}
          </p>
        </div>
      );
  }
};
