import { PromptField } from '../../generation/components/PromptField';
import { Button } from '../../ui/components/Button';
import { IconWand } from '../../ui/icons/icons';

import styles from './FigurePromptStep.module.css';

type FigurePromptStepProps = {
  prompt: string;
  onPromptChange: (prompt: string) => void;
  onGeneratePrompt: () => void;
  generating: boolean;
  /** The configuration changed after the prompt was written. */
  stale: boolean;
  error: string | null;
  disabled: boolean;
};

/** Generate Prompt from the configuration, then read, edit or replace it. */
export const FigurePromptStep = ({
  prompt,
  onPromptChange,
  onGeneratePrompt,
  generating,
  stale,
  error,
  disabled,
}: FigurePromptStepProps) => (
  <div className={styles.step}>
    <Button
      variant="secondary"
      fullWidth
      onClick={onGeneratePrompt}
      disabled={disabled}
      busy={generating}
      icon={<IconWand size={18} />}
    >
      {generating ? 'Writing your prompt...' : prompt ? 'Generate Prompt Again' : 'Generate Prompt'}
    </Button>
    {error && (
      <p className={styles.error} role="alert">
        {error}
      </p>
    )}
    <PromptField
      label="Prompt"
      value={prompt}
      onChange={onPromptChange}
      disabled={disabled}
      rows={5}
      required
      hint="Generated from your choices above. Edit it, or write your own."
    />
    <div aria-live="polite">
      {stale && (
        <p className={styles.stale}>
          You changed your figure after this prompt was written. Generate it again to include the
          changes.
        </p>
      )}
    </div>
  </div>
);
