import { CallToActionBand } from '../../marketing/components/CallToActionBand';
import { TestimonialGrid } from '../../marketing/components/TestimonialGrid';
import { ButtonLink } from '../../ui/components/Button';
import { FaqList } from '../../ui/components/FaqList';
import { Section } from '../../ui/components/Section';
import { SectionHeading } from '../../ui/components/SectionHeading';
import { LANDING_FAQ, LANDING_TESTIMONIALS } from '../utils/landing-content';

export const TestimonialsSection = () => (
  <Section labelledBy="testimonials-title">
    <SectionHeading
      id="testimonials-title"
      eyebrow="From our users"
      title="Small gifts, big reactions"
      align="center"
    />
    <TestimonialGrid testimonials={LANDING_TESTIMONIALS} />
  </Section>
);

export const LandingCallToAction = () => (
  <Section compact labelledBy="cta-title">
    <CallToActionBand
      titleId="cta-title"
      title="Your first character is on us"
      body="Create an account and get 5 free credits: enough to turn one photo into the style of your choice."
      actions={
        <>
          <ButtonLink to="/action-figure-creator" size="lg" variant="inverse">
            Start Creating Now
          </ButtonLink>
          <ButtonLink to="/pricing" size="lg" variant="inverseOutline">
            View All Plans
          </ButtonLink>
        </>
      }
    />
  </Section>
);

export const LandingFaqSection = () => (
  <Section id="faq" labelledBy="faq-title" narrow>
    <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions, answered" align="center" />
    <FaqList entries={LANDING_FAQ} />
  </Section>
);
