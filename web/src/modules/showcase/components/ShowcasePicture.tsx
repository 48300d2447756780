import { useState } from 'react';

import { cx } from '../../ui/utils/cx';
import type { ShowcaseImage } from '../utils/showcase-images';

import styles from './ShowcasePicture.module.css';

type ShowcasePictureProps = {
  image: ShowcaseImage;
  /** The `sizes` attribute; describe the rendered width so the browser picks 512, 768 or 1024. */
  sizes: string;
  /** Above-the-fold images load eagerly; everything else is lazy. */
  eager?: boolean;
  /** The page's largest image (the hero): fetched first, and preloaded by prerendered pages. */
  priority?: boolean;
  className?: string;
};

export const ShowcasePicture = ({
  image,
  sizes,
  eager = false,
  priority = false,
  className,
}: ShowcasePictureProps) => {
  const [failed, setFailed] = useState(false);
  return (
    <div className={cx(styles.frame, failed && styles.failed, className)}>
      <img
        className={styles.image}
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={eager || priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onError={() => setFailed(true)}
      />
    </div>
  );
};
