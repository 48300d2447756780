import type { ReactNode } from 'react';

import { Badge } from '../../ui/components/Badge';
import { Container } from '../../ui/components/Container';
import { IconClock, IconCoins, IconDownload, IconShield } from '../../ui/icons/icons';

import styles from './CreatorHero.module.css';

type CreatorHeroProps = {
  eyebrow: string;
  title: string;
  intro: string;
  /** How long a generation usually takes, e.g. "10–30 seconds". */
  duration?: string;
  /**
   * The tool region under the intro: kept short above it so the creator (upload and generate)
   * is in the first screen on a laptop; the facts follow the tool.
   */
  children: ReactNode;
};

const factsFor = (duration: string) =>
  [
    { icon: IconCoins, label: '5 credits per image' },
    { icon: IconDownload, label: '1024×1024 PNG' },
    { icon: IconClock, label: `Ready in ${duration}` },
    { icon: IconShield, label: 'Photos deleted after processing' },
  ] as const;

export const CreatorHero = ({
  eyebrow,
  title,
  intro,
  duration = '10–30 seconds',
  children,
}: CreatorHeroProps) => (
  <>
    <header className={styles.hero}>
      <Container>
        <div className={styles.inner}>
          <Badge tone="primary">{eyebrow}</Badge>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.intro}>{intro}</p>
        </div>
      </Container>
    </header>
    <Container className={styles.tool}>
      {children}
      <ul className={styles.facts} aria-label="At a glance">
        {factsFor(duration).map(({ icon: Icon, label }) => (
          <li key={label} className={styles.fact}>
            <Icon size={16} className={styles.factIcon} />
            {label}
          </li>
        ))}
      </ul>
    </Container>
  </>
);
