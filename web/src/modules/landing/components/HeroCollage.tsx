import { ShowcasePicture } from '../../showcase/components/ShowcasePicture';
import { SHOWCASE_IMAGES } from '../../showcase/utils/showcase-images';
import { cx } from '../../ui/utils/cx';

import styles from './HeroCollage.module.css';

/** The hero's stack of real results around the original photo. Above the fold: eager images. */
export const HeroCollage = () => (
  <div className={styles.collage}>
    <div className={cx(styles.card, styles.extra)}>
      <ShowcasePicture
        image={SHOWCASE_IMAGES.chelsea.pixar}
        sizes="(max-width: 960px) 30vw, 180px"
        eager
      />
      <span className={styles.tag}>Pixar</span>
    </div>
    <div className={cx(styles.card, styles.main)}>
      <ShowcasePicture
        image={SHOWCASE_IMAGES.astronaut['action-figure']}
        sizes="(max-width: 960px) 62vw, 360px"
        priority
      />
      <span className={cx(styles.tag, styles.tagAccent)}>Action Figure</span>
    </div>
    <div className={cx(styles.card, styles.before)}>
      <ShowcasePicture
        image={SHOWCASE_IMAGES.astronaut.original}
        sizes="(max-width: 960px) 34vw, 200px"
        eager
      />
      <span className={styles.tag}>Your photo</span>
    </div>
    <div className={cx(styles.card, styles.extraLow)}>
      <ShowcasePicture
        image={SHOWCASE_IMAGES.astronaut.ghibli}
        sizes="(max-width: 960px) 34vw, 200px"
        eager
      />
      <span className={styles.tag}>Ghibli</span>
    </div>
    <p className={styles.sticker} aria-hidden="true">
      <span className={styles.stickerSmall}>ready in</span>
      <span className={styles.stickerBig}>10–30s</span>
    </p>
  </div>
);
