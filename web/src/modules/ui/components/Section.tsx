import type { ReactNode } from 'react';

import { cx } from '../utils/cx';

import { Container } from './Container';
import styles from './Section.module.css';

type SectionProps = {
  id?: string;
  tone?: 'default' | 'muted' | 'dark';
  compact?: boolean;
  narrow?: boolean;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
};

export const Section = ({
  id,
  tone = 'default',
  compact = false,
  narrow = false,
  labelledBy,
  className,
  children,
}: SectionProps) => (
  <section
    id={id}
    aria-labelledby={labelledBy}
    className={cx(
      styles.section,
      tone !== 'default' && styles[tone],
      compact && styles.compact,
      className,
    )}
  >
    <Container narrow={narrow}>{children}</Container>
  </section>
);
