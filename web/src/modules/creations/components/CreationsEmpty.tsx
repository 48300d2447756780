import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { ART_STYLES, SIDEBAR_STYLE_IDS } from '../../art-styles/utils/art-styles';
import { IconImage } from '../../ui/icons/icons';

import styles from './CreationsEmpty.module.css';

type CreationsEmptyProps = {
  title: string;
  body: string;
  action?: ReactNode;
  /** Offer the six styles as a way to start. */
  showStyles?: boolean;
};

export const CreationsEmpty = ({
  title,
  body,
  action,
  showStyles = false,
}: CreationsEmptyProps) => (
  <div className={styles.empty}>
    <span className={styles.icon} aria-hidden="true">
      <IconImage size={28} />
    </span>
    <h2 className={styles.title}>{title}</h2>
    {body && <p className={styles.body}>{body}</p>}
    {action}
    {showStyles && (
      <ul className={styles.styles} aria-label="Styles">
        {SIDEBAR_STYLE_IDS.map((id) => (
          <li key={id}>
            <Link to={ART_STYLES[id].path} className={styles.style}>
              {ART_STYLES[id].name}
            </Link>
          </li>
        ))}
      </ul>
    )}
  </div>
);
