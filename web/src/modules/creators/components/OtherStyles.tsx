import { Link } from 'react-router';

import { ART_STYLES, SIDEBAR_STYLE_IDS } from '../../art-styles/utils/art-styles';
import type { ArtStyleId } from '../../art-styles/utils/art-styles';
import { STYLE_ICONS } from '../../layout/components/SidebarStyleLinks';

import styles from './OtherStyles.module.css';

export const OtherStyles = ({ current }: { current: ArtStyleId }) => (
  <ul className={styles.list}>
    {SIDEBAR_STYLE_IDS.filter((id) => id !== current).map((id) => {
      const Icon = STYLE_ICONS[id];
      return (
        <li key={id}>
          <Link to={ART_STYLES[id].path} className={styles.link}>
            <Icon size={18} className={styles.icon} />
            {ART_STYLES[id].name}
          </Link>
        </li>
      );
    })}
  </ul>
);
