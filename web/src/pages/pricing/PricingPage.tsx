import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { pageTitle } from '../../modules/app/utils/brand';
import { PricingAccountBar } from '../../modules/pricing/components/PricingAccountBar';
import { PricingCallToAction } from '../../modules/pricing/components/PricingCallToAction';
import { PricingIncludes } from '../../modules/pricing/components/PricingIncludes';
import { PricingPacks } from '../../modules/pricing/components/PricingPacks';
import { PricingPlans } from '../../modules/pricing/components/PricingPlans';
import { PRICING_FAQ } from '../../modules/pricing/utils/pricing-faq';
import { ButtonLink } from '../../modules/ui/components/Button';
import { Container } from '../../modules/ui/components/Container';
import { FaqList } from '../../modules/ui/components/FaqList';
import { PageHero } from '../../modules/ui/components/PageHero';
import { Section } from '../../modules/ui/components/Section';
import { SectionHeading } from '../../modules/ui/components/SectionHeading';

import styles from './PricingPage.module.css';

export const PricingPage = () => {
  usePageMeta({
    title: pageTitle('Pricing'),
    description:
      'Simple monthly plans for turning photos into character art: Free with 5 credits, Pro with 300 credits and Ultra with 1,500 credits a month.',
  });
  return (
    <>
      <PageHero
        align="center"
        eyebrow="Pricing"
        title="Simple plans for every kind of creator"
        intro="Every image costs 5 credits. Start with 5 free credits, then choose a monthly plan when you are ready. Cancel anytime."
        actions={
          <>
            <ButtonLink to="/action-figure" variant="secondary" size="sm">
              Action Figure
            </ButtonLink>
            <ButtonLink to="/ghibli" variant="secondary" size="sm">
              Ghibli Style
            </ButtonLink>
            <PricingAccountBar />
          </>
        }
      />
      <Container className={styles.plans}>
        <PricingPlans />
      </Container>
      <Section labelledBy="packs-title" compact>
        <SectionHeading
          id="packs-title"
          eyebrow="No subscription"
          title="Credit packs"
          intro="Buy credits once, on any plan or none: they stay yours for 24 months after purchase."
          align="center"
        />
        <PricingPacks />
      </Section>
      <Section labelledBy="includes-title" compact>
        <PricingIncludes />
      </Section>
      <Section labelledBy="faq-title" tone="muted" narrow>
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Pricing questions" align="center" />
        <FaqList entries={PRICING_FAQ} />
      </Section>
      <Section labelledBy="cta-title" compact>
        <PricingCallToAction titleId="cta-title" />
      </Section>
    </>
  );
};
