import { ActionFigureTool } from '../../modules/action-figure/components/ActionFigureTool';
import { FigureOptionsSection } from '../../modules/action-figure/components/FigureOptionsSection';
import {
  ACTION_FIGURE_FAQ,
  ACTION_FIGURE_FEATURES,
  ACTION_FIGURE_STEPS,
} from '../../modules/action-figure/utils/action-figure-content';
import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import {
  CREATOR_CANONICAL_PATHS,
  ogImagePath,
} from '../../modules/art-styles/utils/creator-routes';
import { CreatorHero } from '../../modules/creators/components/CreatorHero';
import { OtherStyles } from '../../modules/creators/components/OtherStyles';
import { FeatureGrid } from '../../modules/marketing/components/FeatureGrid';
import { StepList } from '../../modules/marketing/components/StepList';
import { FaqList } from '../../modules/ui/components/FaqList';
import { Section } from '../../modules/ui/components/Section';
import { SectionHeading } from '../../modules/ui/components/SectionHeading';

export const ActionFigureCreatorPage = () => {
  usePageMeta({
    title: pageTitle('Action Figure Creator: turn yourself into a boxed collectible'),
    description:
      'Turn your photo into a collectible action figure in its blister pack, with your name, profession, accessories and pose. Download a 1024×1024 PNG.',
    canonicalPath: CREATOR_CANONICAL_PATHS['action-figure'],
    imagePath: ogImagePath('action-figure'),
  });

  return (
    <>
      <CreatorHero
        eyebrow="Action Figure"
        title="Turn yourself into a boxed action figure"
        intro="Choose your profession, accessories, pose and style, upload a profile image, and get a collectible figure of you sealed in its blister pack, name on the card."
      >
        <ActionFigureTool />
      </CreatorHero>

      <Section labelledBy="features-title" tone="muted" id="features">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything a collectible needs"
          intro="From the card on the back to the tiny coffee cup in its slot."
        />
        <FeatureGrid items={ACTION_FIGURE_FEATURES} />
      </Section>

      <FigureOptionsSection />

      <Section labelledBy="how-title" tone="muted" id="how-it-works">
        <SectionHeading id="how-title" eyebrow="How to" title="Make your figure in four steps" />
        <StepList steps={ACTION_FIGURE_STEPS} />
      </Section>

      <Section labelledBy="faq-title" id="faq" narrow>
        <SectionHeading
          id="faq-title"
          eyebrow="FAQ"
          title="Action figure questions"
          align="center"
        />
        <FaqList entries={ACTION_FIGURE_FAQ} />
      </Section>

      <Section labelledBy="more-title" compact tone="muted">
        <SectionHeading id="more-title" title="Try another style" />
        <OtherStyles current="action-figure" />
      </Section>
    </>
  );
};
