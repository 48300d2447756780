// The plans the pricing page sells. Prices in cents, as the spec says the server sends them.

export type PlanId = 'free' | 'pro' | 'ultra';

export interface Plan {
  id: PlanId;
  name: string;
  price: number;
  interval: 'month';
  creditsPerMonth: number;
  generationsPerMonth: number;
  features: string[];
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    interval: 'month',
    creditsPerMonth: 5,
    generationsPerMonth: 1,
    features: ['5 credits every month', '1 generation per month', 'All styles', 'Standard quality'],
    popular: false,
  },
  {
    id: 'pro',
    name: 'Pro Plan',
    price: 900,
    interval: 'month',
    creditsPerMonth: 300,
    generationsPerMonth: 60,
    features: [
      '300 credits every month',
      '60 generations per month',
      'All styles',
      'High quality',
      'Priority queue',
      'Commercial use',
    ],
    popular: true,
  },
  {
    id: 'ultra',
    name: 'Ultra Plan',
    price: 1900,
    interval: 'month',
    creditsPerMonth: 1500,
    generationsPerMonth: 300,
    features: [
      '1500 credits every month',
      '300 generations per month',
      'All styles',
      'Ultra quality',
      'Priority queue',
      'Early access to new styles',
      'Commercial use',
    ],
    popular: false,
  },
];

export const planById = (id: string | null | undefined): Plan | undefined =>
  PLANS.find((plan) => plan.id === id);
export const isPaidPlan = (id: string | null | undefined) => id === 'pro' || id === 'ultra';
