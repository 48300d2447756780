import { useState } from 'react';
import { preload } from 'react-dom';

import { cx } from '../../ui/utils/cx';
import type { ShowcaseImage } from '../utils/showcase-images';

import styles from './ShowcasePicture.module.css';

type ShowcasePictureProps = {
  image: ShowcaseImage;
  /** The `sizes` attribute; describe the rendered width so the browser picks the right file. */
  sizes: string;
  /** Above-the-fold images load eagerly; everything else is lazy. */
  eager?: boolean;
  /** The page's largest image (the hero): fetched first, and preloaded by prerendered pages. */
  priority?: boolean;
  className?: string;
};

/** AVIF, then WebP, then the JPEG `<img>`, each at the widths in `image`. */
export const ShowcasePicture = ({
  image,
  sizes,
  eager = false,
  priority = false,
  className,
}: ShowcasePictureProps) => {
  const [failed, setFailed] = useState(false);
  const best = image.sources[0];
  // React preloads a plain <img>, not one in <picture>: the hero's best source is asked for here
  // (a browser without AVIF skips a preload of that type and takes the WebP source).
  if (priority && best) {
    preload(image.src, {
      as: 'image',
      type: best.type,
      imageSrcSet: best.srcSet,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <div className={cx(styles.frame, failed && styles.failed, className)}>
      <picture className={styles.picture}>
        {image.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
        ))}
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
      </picture>
    </div>
  );
};
