import { useState } from 'react';

import { graphql } from '../../../gql';
import type { CreationCard_GenerationFragment } from '../../../gql/graphql';
import { DownloadImageButton } from '../../generation/components/DownloadImageButton';
import { ShareActions } from '../../sharing/components/ShareActions';
import { Badge } from '../../ui/components/Badge';
import { Button } from '../../ui/components/Button';
import { Spinner } from '../../ui/components/Spinner';
import { IconClock, IconClose, IconImage } from '../../ui/icons/icons';
import { useDeleteGeneration } from '../hooks/useDeleteGeneration';
import { formatDate } from '../../ui/utils/format-date';
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
    ...ShareActions_Generation
    resultExpired
    resultKeptUntil
    claimableUntil
    claim {
      reason
    }
  }
`);

const WEEK_MS = 7 * 24 * 3_600_000;

type CreationCardProps = {
  generation: CreationCard_GenerationFragment;
  onView: (generation: CreationCard_GenerationFragment) => void;
};

/** One past generation: its result (or why there is none), when and how it was made. */
export const CreationCard = ({ generation, onView }: CreationCardProps) => {
  const style = creationStyle(generation.style);
  const date = formatCreationDate(generation.requestedAt);
  const { resultUrl } = generation;
  const { remove, deleting } = useDeleteGeneration();
  const [confirming, setConfirming] = useState(false);
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
        ) : generation.resultExpired ? (
          <div className={styles.placeholder}>
            <IconClock size={22} />
            <span>Image expired</span>
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
          <RetentionNote generation={generation} />
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
            <ShareActions
              generation={generation}
              styleName={style.name}
              originalPhoto={null}
              size="sm"
            />
          </div>
        )}
        {generation.status !== 'PENDING' && (
          <div className={styles.deleteRow}>
            {confirming ? (
              <>
                <span className={styles.confirm}>Delete this image for good?</span>
                <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  disabled={deleting}
                  onClick={() => void remove(generation.id)}
                >
                  Delete
                </Button>
              </>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
};

/** How long the image stays: "Kept until <date>", a warning in its last week, then "Expired". */
const RetentionNote = ({ generation }: { generation: CreationCard_GenerationFragment }) => {
  const [shownAt] = useState(() => Date.now());
  if (generation.resultExpired)
    return <span className={styles.retention}>Expired: the image was deleted</span>;
  const until = generation.resultKeptUntil;
  if (generation.status !== 'SUCCEEDED' || !until) return null;
  const soon = new Date(until).getTime() - shownAt < WEEK_MS;
  return (
    <span className={soon ? `${styles.retention} ${styles.retentionSoon}` : styles.retention}>
      {soon ? 'Download it soon: kept until ' : 'Kept until '}
      <time dateTime={until}>{formatDate(until)}</time>
    </span>
  );
};
