import type { ArtStyleId } from '../../art-styles/utils/art-styles';
import type { FeatureItem } from '../../marketing/components/FeatureGrid';
import type { StepItem } from '../../marketing/components/StepList';
import type { Testimonial } from '../../marketing/components/TestimonialGrid';
import type { ShowcasePhotoId } from '../../showcase/utils/showcase-images';
import type { FaqEntry } from '../../ui/components/FaqList';

export type CreatorExample = { photo: ShowcasePhotoId; title: string; description: string };

export type AudienceItem = { title: string; body: string };

/** Everything static on a creator page; the interactive tool mounts in CreatorToolSlot. */
export type CreatorContent = {
  styleId: ArtStyleId;
  documentTitle: string;
  metaDescription: string;
  hero: { eyebrow: string; title: string; intro: string };
  /** What the visitor gets, for "Create your …" and "Your … is ready", e.g. "Ghibli scene". */
  resultNoun: string;
  /** The label of the ready action button, e.g. "Generate Ghibli Art". */
  actionLabel: string;
  /**
   * What "Custom Prompt" starts with, and what the server uses when it is left empty (spec §9
   * for Ghibli, Pixar and anime; the API's defaults for Snoopy and chibi).
   */
  defaultPrompt: string;
  features: readonly FeatureItem[];
  examples: readonly CreatorExample[];
  steps: readonly StepItem[];
  audience: readonly AudienceItem[];
  testimonials: readonly Testimonial[];
  faq: readonly FaqEntry[];
};
