import type { ReactNode } from 'react';

import styles from './Price.module.css';

type PriceProps = {
  amount: ReactNode;
  /** What the amount buys ("/month", "once"), styled by the card. */
  suffix: ReactNode;
  suffixClassName?: string;
  /** xlarge on plan cards, large on pack cards. */
  size: 'large' | 'xlarge';
};

/** A pricing card's price: the amount in display type with its suffix on the same baseline. */
export const Price = ({ amount, suffix, suffixClassName, size }: PriceProps) => (
  <p className={styles.price}>
    <span className={`${styles.amount} ${styles[size]}`}>{amount}</span>
    <span className={suffixClassName}>{suffix}</span>
  </p>
);
