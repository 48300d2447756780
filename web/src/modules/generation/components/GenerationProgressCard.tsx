import { Spinner } from '../../ui/components/Spinner';
import { useElapsed } from '../hooks/useElapsed';
import {
  type ServerStage,
  formatElapsed,
  generationStage,
  progressFraction,
} from '../utils/generation-progress';

import styles from './GenerationProgress.module.css';

export type GenerationProgressCardProps = {
  startedAt: number;
  resultNoun: string;
  /** Where the server says the generation is; null until it has answered. */
  serverStage: ServerStage;
};

/**
 * Shown over the preview while a generation runs: what is happening, the time so far and a
 * bar that slows as it nears the end. The stage is announced politely when it changes; the
 * ticking clock is not read out.
 */
export const GenerationProgressCard = ({
  startedAt,
  resultNoun,
  serverStage,
}: GenerationProgressCardProps) => {
  const elapsed = useElapsed(startedAt);
  const stage = generationStage(elapsed, resultNoun, serverStage);
  return (
    <div className={styles.card} data-testid="generation-progress">
      <div className={styles.header}>
        <Spinner size="1.5rem" />
        <p className={styles.title} role="status" aria-live="polite">
          {stage.title}
        </p>
        <span className={styles.elapsed}>
          <span className={styles.visuallyHidden}>Time elapsed: </span>
          {formatElapsed(elapsed)}
        </span>
      </div>
      <div className={styles.track} aria-hidden="true">
        <div className={styles.bar} style={{ transform: `scaleX(${progressFraction(elapsed)})` }} />
      </div>
      <p className={styles.detail}>{stage.detail}</p>
      <p className={styles.note}>
        Feel free to browse. Your image is saved to My creations when it is ready.
      </p>
    </div>
  );
};
