import type { ReactNode } from 'react';

import { cx } from '../utils/cx';

import styles from './Container.module.css';

type ContainerProps = {
  children: ReactNode;
  narrow?: boolean;
  className?: string;
};

export const Container = ({ children, narrow = false, className }: ContainerProps) => (
  <div className={cx(styles.container, narrow && styles.narrow, className)}>{children}</div>
);
