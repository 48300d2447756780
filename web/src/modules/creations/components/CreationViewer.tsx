import { useEffect, useRef } from 'react';

import type { CreationCard_GenerationFragment } from '../../../gql/graphql';
import { DownloadImageButton } from '../../generation/components/DownloadImageButton';
import { IconClose } from '../../ui/icons/icons';
import { ClaimCredits } from './ClaimCredits';
import { creationStyle, formatCreationDate } from '../utils/creation-labels';

import styles from './CreationViewer.module.css';

type CreationViewerProps = {
  generation: CreationCard_GenerationFragment;
  onClose: () => void;
};

/** A generation full size in a modal dialog (native <dialog>: focus trap and Escape built in). */
export const CreationViewer = ({ generation, onClose }: CreationViewerProps) => {
  const ref = useRef<HTMLDialogElement>(null);
  const style = creationStyle(generation.style);
  const date = formatCreationDate(generation.requestedAt);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    // A press on the backdrop closes it; the keyboard has Escape (native to <dialog>).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="creation-viewer-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <div>
            <h2 id="creation-viewer-title" className={styles.title}>
              {style.name}
            </h2>
            <p className={styles.date}>{date}</p>
          </div>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <IconClose size={20} />
          </button>
        </header>
        {generation.resultUrl && (
          <img
            className={styles.image}
            src={generation.resultUrl}
            alt={`Your ${style.name} image from ${date}`}
            width={1024}
            height={1024}
          />
        )}
        {generation.prompt && <p className={styles.prompt}>{generation.prompt}</p>}
        <DownloadImageButton
          url={generation.resultUrl ?? null}
          prefix={style.downloadPrefix}
          fullWidth
        />
        {(generation.claim || generation.claimableUntil) && (
          <ClaimCredits generationId={generation.id} claimed={Boolean(generation.claim)} />
        )}
      </div>
    </dialog>
  );
};
