import { usePageMeta } from '../../modules/app/hooks/usePageMeta';
import { BRAND_NAME, BRAND_TAGLINE } from '../../modules/app/utils/brand';
import { useAuthSuccessRedirect } from '../../modules/auth/hooks/useAuthSuccessRedirect';
import { EffectsSection } from '../../modules/landing/components/EffectsSection';
import { ExamplesSection } from '../../modules/landing/components/ExamplesSection';
import { FeaturesSection } from '../../modules/landing/components/FeaturesSection';
import {
  LandingCallToAction,
  LandingFaqSection,
  TestimonialsSection,
} from '../../modules/landing/components/LandingClosingSections';
import { LandingHero } from '../../modules/landing/components/LandingHero';
import { PricingSection } from '../../modules/landing/components/PricingSection';

export const LandingPage = () => {
  useAuthSuccessRedirect();
  usePageMeta({
    title: `${BRAND_NAME} · ${BRAND_TAGLINE}`,
    description:
      'Upload a photo and get an action figure in its box, a Ghibli-style portrait, a Pixar-style character, a Snoopy comic or a chibi. 5 free credits when you sign up.',
  });
  return (
    <>
      <LandingHero />
      <EffectsSection />
      <ExamplesSection />
      <FeaturesSection />
      <PricingSection />
      <TestimonialsSection />
      <LandingCallToAction />
      <LandingFaqSection />
    </>
  );
};
