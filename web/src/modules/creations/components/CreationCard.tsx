import { graphql } from '../../../gql';
import type { CreationCard_GenerationFragment } from '../../../gql/graphql';
import { DownloadImageButton } from '../../generation/components/DownloadImageButton';
import { Badge } from '../../ui/components/Badge';
import { Button } from '../../ui/components/Button';
import { Spinner } from '../../ui/components/Spinner';
import { IconClock, IconClose, IconImage } from '../../ui/icons/icons';
import { creationStyle, formatCreationDate } from '../utils/creation-labels';

import styles from './CreationCard.module.css';

export const CREATION_CARD_FRAGMENT = graphql(`
  fragment CreationCard_Generation on Generation {
    id
    style
    prompt
    status
    resultUrl
    errorMessage
    requestedAt
    completedAt
    claimableUntil
    claim {
      reason
    }
  }
`);

type CreationCardProps = {
  generation: CreationCard_GenerationFragment;
  onView: (generation: CreationCard_GenerationFragment) => void;
};

/** One past generation: its result (or why there is none), when and how it was made. */
export const CreationCard = ({ generation, onView }: CreationCardProps) => {
  const style = creationStyle(generation.style);
  const date = formatCreationDate(generation.requestedAt);
  const { resultUrl } = generation;
  return (
    <article className={styles.card} aria-label={`${style.name}, ${date}`}>
      <div className={styles.media}>
        {generation.status === 'SUCCEEDED' && resultUrl ? (
          <button type="button" className={styles.imageButton} onClick={() => onView(generation)}>
            <img
              className={styles.image}
              src={resultUrl}
              alt={`Your ${style.name} image from ${date}`}
              width={1024}
              height={1024}
              loading="lazy"
              decoding="async"
            />
            <span className={styles.visuallyHidden}>View larger</span>
          </button>
        ) : generation.status === 'PENDING' ? (
          <div className={styles.placeholder}>
            <Spinner />
            <span>Being made…</span>
          </div>
        ) : (
          <div className={`${styles.placeholder} ${styles.failed}`}>
            <IconClose size={22} />
            <span>No image</span>
          </div>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.meta}>
          <Badge tone="primary">{style.name}</Badge>
          <span className={styles.date}>
            <IconClock size={14} />
            <time dateTime={generation.requestedAt}>{date}</time>
          </span>
        </div>
        {/* Always there and two lines high, so the cards of a row line up. */}
        <div className={styles.text}>
          {generation.status === 'FAILED' ? (
            <p className={styles.error}>
              {generation.errorMessage || 'Failed to generate image'} Your credits were returned.
            </p>
          ) : (
            generation.prompt && <p className={styles.prompt}>{generation.prompt}</p>
          )}
        </div>
        {generation.status === 'SUCCEEDED' && resultUrl && (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              size="sm"
              icon={<IconImage size={16} />}
              onClick={() => onView(generation)}
            >
              View
            </Button>
            <DownloadImageButton
              url={resultUrl}
              prefix={style.downloadPrefix}
              size="sm"
              label="Download"
            />
          </div>
        )}
      </div>
    </article>
  );
};
