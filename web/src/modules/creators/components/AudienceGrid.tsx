import type { AudienceItem } from '../utils/creator-content';

import styles from './AudienceGrid.module.css';

export const AudienceGrid = ({ items }: { items: readonly AudienceItem[] }) => (
  <ul className={styles.grid}>
    {items.map((item) => (
      <li key={item.title} className={styles.item}>
        <h3 className={styles.title}>{item.title}</h3>
        <p className={styles.body}>{item.body}</p>
      </li>
    ))}
  </ul>
);
