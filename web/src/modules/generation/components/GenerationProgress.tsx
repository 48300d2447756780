import { useQuery } from '@apollo/client/react';

import { graphql } from '../../../gql';
import { Spinner } from '../../ui/components/Spinner';
import { useElapsed } from '../hooks/useElapsed';
import { formatElapsed, generationStage, progressFraction } from '../utils/generation-progress';

import styles from './GenerationProgress.module.css';

const GENERATION_PROGRESS = graphql(`
  query GenerationProgress($idempotencyKey: String!) {
    myGenerationByKey(idempotencyKey: $idempotencyKey) {
      id
      stage
    }
  }
`);

type GenerationProgressProps = {
  startedAt: number;
  idempotencyKey: string;
  resultNoun: string;
};

/**
 * Shown over the preview while a generation runs: what is happening, the time so far and a
 * bar that slows as it nears the end. The stage is announced politely when it changes; the
 * ticking clock is not read out.
 */
export const GenerationProgress = ({
  startedAt,
  idempotencyKey,
  resultNoun,
}: GenerationProgressProps) => {
  const elapsed = useElapsed(startedAt);
  // Asks the server every second where this generation is (queued or being drawn).
  const { data } = useQuery(GENERATION_PROGRESS, {
    variables: { idempotencyKey },
    pollInterval: 1000,
    fetchPolicy: 'network-only',
  });
  const stage = generationStage(elapsed, resultNoun, data?.myGenerationByKey?.stage ?? null);
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
