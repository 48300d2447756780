import { CREDITS_PER_GENERATION } from '../../credits/utils/credit-rules';

/** Static landing plan (spec §3, §9). Real prices for checkout come from the server in cents. */
export type LandingPlan = {
  name: 'Free' | 'Pro' | 'Ultra';
  /** Whole US dollars per month. */
  price: number;
  credits: number;
  generations: number;
  features: readonly string[];
  popular: boolean;
  summary: string;
  cta: { label: string; to: string };
};

export const LANDING_PLANS: readonly LandingPlan[] = [
  {
    name: 'Free',
    price: 0,
    credits: 5,
    generations: 1,
    summary: 'Try any style once, on us.',
    features: [
      'All styles',
      'Standard quality',
      '1024×1024 PNG download',
      'Photos deleted after processing',
    ],
    popular: false,
    cta: { label: 'Start Free', to: '/action-figure-creator' },
  },
  {
    name: 'Pro',
    price: 9,
    credits: 300,
    generations: 60,
    summary: 'For regular creators and gift makers.',
    features: [
      'All styles',
      'High quality',
      'Priority queue',
      'Commercial use rights',
      'Cancel anytime',
    ],
    popular: true,
    cta: { label: 'Choose Pro', to: '/pricing' },
  },
  {
    name: 'Ultra',
    price: 19,
    credits: 1500,
    generations: 300,
    summary: 'For shops, studios and heavy users.',
    features: [
      'All styles',
      'Ultra quality',
      'Priority queue',
      'Early access to new styles',
      'Commercial use rights',
      'Cancel anytime',
    ],
    popular: false,
    cta: { label: 'Choose Ultra', to: '/pricing' },
  },
];

/** Sanity link between the two constants the plans are made of. */
export const generationsForCredits = (credits: number): number =>
  Math.floor(credits / CREDITS_PER_GENERATION);
