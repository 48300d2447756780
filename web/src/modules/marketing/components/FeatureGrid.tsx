import type { ComponentType, ReactNode } from 'react';

import type { IconProps } from '../../ui/icons/Icon';
import { cx } from '../../ui/utils/cx';

import styles from './FeatureGrid.module.css';

export type FeatureItem = {
  title: string;
  body: ReactNode;
  icon: ComponentType<IconProps>;
};

type FeatureGridProps = {
  items: readonly FeatureItem[];
  columns?: 2 | 3;
};

export const FeatureGrid = ({ items, columns = 3 }: FeatureGridProps) => (
  <ul className={cx(styles.grid, columns === 2 && styles.two)}>
    {items.map(({ title, body, icon: Icon }) => (
      <li key={title} className={styles.item}>
        <span className={styles.icon} aria-hidden="true">
          <Icon size={22} />
        </span>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.body}>{body}</p>
      </li>
    ))}
  </ul>
);
