import { IconArrowRight } from '../../ui/icons/icons';
import { cx } from '../../ui/utils/cx';
import type { ShowcaseImage } from '../utils/showcase-images';

import styles from './BeforeAfterPair.module.css';
import { ShowcasePicture } from './ShowcasePicture';

type BeforeAfterPairProps = {
  before: ShowcaseImage;
  after: ShowcaseImage;
  title: string;
  description?: string;
  /** `sizes` for each of the two images. */
  sizes?: string;
  className?: string;
};

/** A static before/after pair. The interactive comparison slider replaces it on the creators. */
export const BeforeAfterPair = ({
  before,
  after,
  title,
  description,
  sizes = '(max-width: 767.98px) 45vw, 280px',
  className,
}: BeforeAfterPairProps) => (
  <figure className={cx(styles.figure, className)}>
    <div className={styles.pair}>
      <div className={styles.side}>
        <ShowcasePicture image={before} sizes={sizes} />
        <span className={styles.label}>Before</span>
      </div>
      <div className={cx(styles.side, styles.after)}>
        <ShowcasePicture image={after} sizes={sizes} />
        <span className={styles.label}>After</span>
      </div>
      <span className={styles.arrow} aria-hidden="true">
        <IconArrowRight size={18} />
      </span>
    </div>
    <figcaption className={styles.caption}>
      <span className={styles.title}>{title}</span>
      {description && <span className={styles.description}>{description}</span>}
    </figcaption>
  </figure>
);
