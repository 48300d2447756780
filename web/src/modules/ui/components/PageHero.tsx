import type { ReactNode } from 'react';

import { cx } from '../utils/cx';

import { Badge } from './Badge';
import { Container } from './Container';
import styles from './PageHero.module.css';

type PageHeroProps = {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  meta?: ReactNode;
  actions?: ReactNode;
  align?: 'start' | 'center';
};

export const PageHero = ({
  eyebrow,
  title,
  intro,
  meta,
  actions,
  align = 'start',
}: PageHeroProps) => (
  <header className={cx(styles.hero, align === 'center' && styles.center)}>
    <Container>
      <div className={styles.inner}>
        {eyebrow && (
          <Badge tone="primary" className={styles.eyebrow}>
            {eyebrow}
          </Badge>
        )}
        <h1 className={styles.title}>{title}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        {meta && <p className={styles.meta}>{meta}</p>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </Container>
  </header>
);
