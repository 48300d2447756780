import type { ReactNode } from 'react';

import { cx } from '../utils/cx';

import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'primary' | 'accent' | 'success' | 'warning' | 'danger' | 'sun';

type BadgeProps = {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
};

export const Badge = ({ tone = 'neutral', className, children }: BadgeProps) => (
  <span className={cx(styles.badge, styles[tone], className)}>{children}</span>
);
