import type { CSSProperties } from 'react';

import styles from './Spinner.module.css';

type SpinnerProps = {
  /** Accessible label; omit when the surrounding text already says what is loading. */
  label?: string;
  size?: string;
};

export const Spinner = ({ label, size }: SpinnerProps) => (
  <span
    className={styles.spinner}
    style={size ? ({ '--spinner-size': size } as CSSProperties) : undefined}
    role={label ? 'status' : undefined}
    aria-label={label}
    aria-hidden={label ? undefined : true}
  />
);
