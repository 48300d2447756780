import type { ComponentType } from 'react';
import { Link } from 'react-router';

import { ART_STYLES, SIDEBAR_STYLE_IDS } from '../../art-styles/utils/art-styles';
import type { ArtStyleId } from '../../art-styles/utils/art-styles';
import type { IconProps } from '../../ui/icons/Icon';
import {
  IconActionFigure,
  IconAnime,
  IconChibi,
  IconComic,
  IconLamp,
  IconLeaf,
} from '../../ui/icons/style-icons';
import { cx } from '../../ui/utils/cx';

import styles from './SidebarStyleLinks.module.css';

export const STYLE_ICONS: Readonly<Record<ArtStyleId, ComponentType<IconProps>>> = {
  'action-figure': IconActionFigure,
  ghibli: IconLeaf,
  pixar: IconLamp,
  anime: IconAnime,
  snoopy: IconComic,
  chibi: IconChibi,
};

type SidebarStyleLinksProps = {
  collapsed?: boolean;
  /** The style whose creator is showing (aliases included), highlighted as the current page. */
  activeStyleId?: ArtStyleId;
  onNavigate?: () => void;
};

export const SidebarStyleLinks = ({
  collapsed = false,
  activeStyleId,
  onNavigate,
}: SidebarStyleLinksProps) => (
  <ul className={cx(styles.list, collapsed && styles.collapsed)}>
    {SIDEBAR_STYLE_IDS.map((id) => {
      const style = ART_STYLES[id];
      const Icon = STYLE_ICONS[id];
      return (
        <li key={id}>
          <Link
            to={style.path}
            className={styles.link}
            aria-current={activeStyleId === id ? 'page' : undefined}
            title={collapsed ? `${style.name}: ${style.sidebarDescription}` : undefined}
            onClick={onNavigate}
          >
            <span className={styles.icon} aria-hidden="true">
              <Icon size={18} />
            </span>
            <span className={collapsed ? 'visually-hidden' : styles.text}>
              <span className={styles.name}>{style.name}</span>
              <span className={styles.description}>{style.sidebarDescription}</span>
            </span>
          </Link>
        </li>
      );
    })}
  </ul>
);
