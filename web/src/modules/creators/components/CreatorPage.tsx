import { usePageMeta } from '../../app/hooks/usePageMeta';
import { pageTitle } from '../../app/utils/brand';
import { ART_STYLES } from '../../art-styles/utils/art-styles';
import { CREATOR_CANONICAL_PATHS, ogImagePath } from '../../art-styles/utils/creator-routes';
import { FeatureGrid } from '../../marketing/components/FeatureGrid';
import { StepList } from '../../marketing/components/StepList';
import { TestimonialGrid } from '../../marketing/components/TestimonialGrid';
import { BeforeAfterPair } from '../../showcase/components/BeforeAfterPair';
import { SHOWCASE_IMAGES } from '../../showcase/utils/showcase-images';
import { FaqList } from '../../ui/components/FaqList';
import { Section } from '../../ui/components/Section';
import { SectionHeading } from '../../ui/components/SectionHeading';
import type { CreatorContent } from '../utils/creator-content';

import { AudienceGrid } from './AudienceGrid';
import styles from './CreatorPage.module.css';
import { CreatorHero } from './CreatorHero';
import { CreatorTool } from './CreatorTool';
import { OtherStyles } from './OtherStyles';

/** A single-photo creator (Ghibli, Pixar, anime, Snoopy, chibi): tool slot and static sections. */
export const CreatorPage = ({ content }: { content: CreatorContent }) => {
  const { styleId } = content;
  const styleName = ART_STYLES[styleId].name;

  usePageMeta({
    title: pageTitle(content.documentTitle),
    description: content.metaDescription,
    canonicalPath: CREATOR_CANONICAL_PATHS[styleId],
    imagePath: ogImagePath(styleId),
  });

  return (
    <>
      <CreatorHero {...content.hero}>
        <CreatorTool content={content} />
      </CreatorHero>

      <Section labelledBy="examples-title" tone="muted" id="examples">
        <SectionHeading
          id="examples-title"
          eyebrow="Examples"
          title={`${styleName} before and after`}
          intro="Rendered by the built-in offline preview engine from two sample photos. The production image model gives the real style."
        />
        <ul className={styles.examples}>
          {content.examples.map((example) => (
            <li key={example.photo}>
              <BeforeAfterPair
                before={SHOWCASE_IMAGES[example.photo].original}
                after={SHOWCASE_IMAGES[example.photo][styleId]}
                title={example.title}
                description={example.description}
              />
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="features-title" id="features">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title={`Why people love the ${styleName} look`}
        />
        <FeatureGrid items={content.features} columns={2} />
      </Section>

      <Section labelledBy="how-title" tone="muted" id="how-it-works">
        <SectionHeading id="how-title" eyebrow="How it works" title="Three steps, under a minute" />
        <StepList steps={content.steps} />
      </Section>

      <Section labelledBy="audience-title">
        <SectionHeading
          id="audience-title"
          eyebrow="Who it’s for"
          title="Made for people who make things"
        />
        <AudienceGrid items={content.audience} />
      </Section>

      <Section labelledBy="testimonials-title" tone="muted">
        <SectionHeading
          id="testimonials-title"
          eyebrow="From our users"
          title="What people made with it"
        />
        <TestimonialGrid testimonials={content.testimonials} />
      </Section>

      <Section labelledBy="faq-title" id="faq" narrow>
        <SectionHeading
          id="faq-title"
          eyebrow="FAQ"
          title={`${styleName} questions`}
          align="center"
        />
        <FaqList entries={content.faq} />
      </Section>

      <Section labelledBy="more-title" compact tone="muted">
        <h2 id="more-title" className={styles.moreTitle}>
          Try another style
        </h2>
        <OtherStyles current={styleId} />
      </Section>
    </>
  );
};
