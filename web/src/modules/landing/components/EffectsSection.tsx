import { Link } from 'react-router';

import { LANDING_STYLE_IDS } from '../../art-styles/utils/art-styles';
import { Section } from '../../ui/components/Section';
import { SectionHeading } from '../../ui/components/SectionHeading';
import { IconArrowRight } from '../../ui/icons/icons';

import styles from './EffectsSection.module.css';
import { StyleCard } from './StyleCard';

export const EffectsSection = () => (
  <Section id="effects" labelledBy="effects-title" tone="muted">
    <SectionHeading
      id="effects-title"
      eyebrow="Effects"
      title="Five styles, one photo"
      intro="Every style keeps what makes you, you: your face, your hair, your favourite jumper. Pick one to start; each generation uses 5 credits."
    />
    <ul className={styles.grid}>
      {LANDING_STYLE_IDS.map((styleId, index) => (
        <li key={styleId}>
          <StyleCard
            styleId={styleId}
            sizes={
              index < 2
                ? '(max-width: 767.98px) 92vw, (max-width: 960px) 46vw, 580px'
                : '(max-width: 767.98px) 92vw, (max-width: 960px) 46vw, 380px'
            }
          />
        </li>
      ))}
    </ul>
    <p className={styles.more}>
      Prefer classic anime?
      <Link to="/image-to-anime" className={styles.moreLink}>
        Try Image to Anime <IconArrowRight size={18} />
      </Link>
    </p>
  </Section>
);
