import type { ReactNode } from 'react';

import { cx } from '../utils/cx';

import styles from './SectionHeading.module.css';

type SectionHeadingProps = {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: 'start' | 'center';
  inverse?: boolean;
  level?: 'h1' | 'h2';
};

export const SectionHeading = ({
  id,
  eyebrow,
  title,
  intro,
  align = 'start',
  inverse = false,
  level = 'h2',
}: SectionHeadingProps) => {
  const Heading = level;
  return (
    <div
      className={cx(styles.heading, align === 'center' && styles.center, inverse && styles.inverse)}
    >
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <Heading id={id} className={styles.title}>
        {title}
      </Heading>
      {intro && <p className={styles.intro}>{intro}</p>}
    </div>
  );
};
