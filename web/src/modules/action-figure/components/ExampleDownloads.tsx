import { DownloadImageButton } from '../../generation/components/DownloadImageButton';
import {
  SHOWCASE_IMAGES,
  showcaseImageUrl,
  type ShowcasePhotoId,
} from '../../showcase/utils/showcase-images';

import styles from './ExampleDownloads.module.css';

const EXAMPLES: readonly { photo: ShowcasePhotoId; title: string }[] = [
  { photo: 'astronaut', title: 'The astronaut' },
  { photo: 'chelsea', title: 'Chelsea the cat' },
];

/** Two finished figures to download and try out (spec §2: two example downloads). */
export const ExampleDownloads = ({ prefix }: { prefix: string }) => (
  <section className={styles.examples} aria-labelledby="example-downloads-title">
    <h3 id="example-downloads-title" className={styles.title}>
      Example figures
    </h3>
    <ul className={styles.list}>
      {EXAMPLES.map(({ photo, title }) => (
        <li key={photo} className={styles.item}>
          <img
            className={styles.thumb}
            src={SHOWCASE_IMAGES[photo]['action-figure'].src}
            alt={SHOWCASE_IMAGES[photo]['action-figure'].alt}
            width={512}
            height={512}
            loading="lazy"
          />
          <span className={styles.name}>{title}</span>
          <DownloadImageButton
            url={showcaseImageUrl(photo, 'action-figure', 1024)}
            prefix={`${prefix}-example-${photo}`}
            label="Download"
            variant="secondary"
            size="sm"
            fullWidth
          />
        </li>
      ))}
    </ul>
  </section>
);
