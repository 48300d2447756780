import { Link } from 'react-router';

import { ART_STYLES } from '../../art-styles/utils/art-styles';
import type { ArtStyleId } from '../../art-styles/utils/art-styles';
import { STYLE_ICONS } from '../../layout/components/SidebarStyleLinks';
import { ShowcasePicture } from '../../showcase/components/ShowcasePicture';
import { SHOWCASE_FEATURED_PHOTO, SHOWCASE_IMAGES } from '../../showcase/utils/showcase-images';
import { IconArrowRight } from '../../ui/icons/icons';

import styles from './StyleCard.module.css';

type StyleCardProps = {
  styleId: ArtStyleId;
  sizes: string;
};

export const StyleCard = ({ styleId, sizes }: StyleCardProps) => {
  const style = ART_STYLES[styleId];
  const Icon = STYLE_ICONS[styleId];
  const image = SHOWCASE_IMAGES[SHOWCASE_FEATURED_PHOTO[styleId]][styleId];
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <ShowcasePicture image={image} sizes={sizes} />
      </div>
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <span className={styles.icon} aria-hidden="true">
            <Icon size={18} />
          </span>
          <h3 className={styles.title}>{style.name}</h3>
        </div>
        <p className={styles.description}>{style.cardDescription}</p>
        <Link to={style.path} className={styles.link}>
          Try {style.name}
          <IconArrowRight size={18} />
        </Link>
      </div>
    </article>
  );
};
