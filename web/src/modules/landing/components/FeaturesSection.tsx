import { BRAND_NAME } from '../../app/utils/brand';
import { FeatureGrid } from '../../marketing/components/FeatureGrid';
import { StepList } from '../../marketing/components/StepList';
import { Section } from '../../ui/components/Section';
import { SectionHeading } from '../../ui/components/SectionHeading';
import { LANDING_FEATURES, LANDING_STEPS } from '../utils/landing-content';

import styles from './FeaturesSection.module.css';

export const FeaturesSection = () => (
  <Section id="features" labelledBy="features-title">
    <SectionHeading
      id="features-title"
      eyebrow={`Why ${BRAND_NAME}`}
      title="Made for creators, gift givers and pet people"
      intro="Content creators, teachers, designers, hobbyists and small shops use it for avatars, cards, thumbnails and merch."
    />
    <FeatureGrid items={LANDING_FEATURES} />
    <div className={styles.steps}>
      <h3 className={styles.stepsTitle}>How it works</h3>
      <StepList steps={LANDING_STEPS} />
    </div>
  </Section>
);
