import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import type { SliderImage } from '../../before-after/components/BeforeAfterSlider';
import { SweepingBeforeAfterSlider } from '../../before-after/components/SweepingBeforeAfterSlider';
import type { SweepingSlider } from '../../before-after/hooks/useAutoSweep';
import type { SliderRange } from '../../before-after/utils/slider-math';
import { IconCheck, IconSparkles } from '../../ui/icons/icons';
import type { CreatorSession } from '../utils/creator-session-store';

import styles from './CreatorPreview.module.css';
import { DownloadImageButton } from './DownloadImageButton';
import {
  GenerationProgressSlot,
  ResultClaimCredits,
  ResultShareActions,
} from './SignedInResultParts';

type CreatorPreviewProps = {
  session: CreatorSession;
  resultNoun: string;
  /** The example pair shown until the visitor chooses a photo. */
  placeholder: { before: SliderImage; after: SliderImage };
  slider: SweepingSlider;
  range: SliderRange;
  downloadPrefix: string;
  /** The style's name, for the share sheet's title. */
  styleName: string;
  /** Show a failed run's message over the preview (pages without the red error box). */
  showFailure: boolean;
  /** Extra actions under the result (the action figure's example downloads). */
  children?: ReactNode;
};

/**
 * The main area of a creator: the before/after slider (examples, then the visitor's photo,
 * then photo against result), progress while generating, and the download.
 */
export const CreatorPreview = ({
  session,
  resultNoun,
  placeholder,
  slider,
  range,
  downloadPrefix,
  styleName,
  showFailure,
  children,
}: CreatorPreviewProps) => {
  const { photo, run } = session;
  const ref = useRef<HTMLDivElement>(null);
  const startedAt = run.status === 'pending' ? run.startedAt : null;

  // On narrow screens the button sits below the preview: bring the progress into view.
  useEffect(() => {
    const element = ref.current;
    if (startedAt === null || !element || Date.now() - startedAt > 1000) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) {
      element.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [startedAt]);

  const result = run.status === 'succeeded' ? run.result : null;
  const yourPhoto: SliderImage | null = photo ? { src: photo.previewUrl, alt: 'Your photo' } : null;

  let before = placeholder.before;
  let after = placeholder.after;
  let overlay: ReactNode = null;
  if (yourPhoto && result) {
    before = yourPhoto;
    after = { src: result.resultUrl, alt: `Your ${resultNoun}` };
  } else if (yourPhoto) {
    before = yourPhoto;
    after = { ...yourPhoto, alt: '' };
    overlay =
      run.status === 'pending' ? (
        <GenerationProgressSlot
          startedAt={run.startedAt}
          idempotencyKey={run.idempotencyKey}
          resultNoun={resultNoun}
        />
      ) : run.status === 'failed' && showFailure ? (
        <VeilNote title="No image this time" body={run.message} tone="danger" />
      ) : (
        <VeilNote
          title={`Your ${resultNoun} appears here`}
          body="Press the button when you are ready. It usually takes 10 to 30 seconds."
        />
      );
  }

  return (
    <div className={styles.preview} ref={ref}>
      <SweepingBeforeAfterSlider
        slider={slider}
        before={before}
        after={after}
        beforeLabel={yourPhoto ? 'Your photo' : 'Before'}
        afterLabel={result ? 'Result' : yourPhoto ? 'Preview' : 'After'}
        range={range}
        label="Before and after comparison"
        afterVeiled={Boolean(yourPhoto && !result)}
        overlay={overlay}
        eager
      />
      <div className={styles.bar}>
        {result ? (
          <p className={styles.status} role="status">
            <IconCheck size={18} className={styles.ok} />
            Your {resultNoun} is ready. Drag the handle to compare.
          </p>
        ) : (
          <p className={styles.status}>
            {yourPhoto
              ? 'Your download will be ready here once the image is made.'
              : 'Example shown. Upload your photo to make your own.'}
          </p>
        )}
        <div className={styles.actions}>
          {result && (
            <Link to="/creations" className={styles.link}>
              My creations
            </Link>
          )}
          {result && (
            <ResultShareActions
              generationId={result.id}
              styleName={styleName}
              originalPhoto={photo?.file ?? null}
            />
          )}
          <DownloadImageButton
            url={result?.resultUrl ?? null}
            prefix={downloadPrefix}
            variant={result ? 'primary' : 'secondary'}
          />
        </div>
      </div>
      {result && <ResultClaimCredits key={result.id} generationId={result.id} />}
      {children}
    </div>
  );
};

const VeilNote = ({
  title,
  body,
  tone = 'default',
}: {
  title: string;
  body: string;
  tone?: 'default' | 'danger';
}) => (
  <div className={tone === 'danger' ? `${styles.note} ${styles.noteDanger}` : styles.note}>
    <span className={styles.noteIcon} aria-hidden="true">
      <IconSparkles size={20} />
    </span>
    <p className={styles.noteTitle}>{title}</p>
    <p className={styles.noteBody}>{body}</p>
  </div>
);
