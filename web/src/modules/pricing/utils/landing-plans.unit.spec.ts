import { describe, expect, it } from 'vitest';

import { LANDING_PLANS, generationsForCredits } from './landing-plans';

describe('landing plans', () => {
  it('match the spec: Free $0/5/1, Pro $9/300/60 (Most Popular), Ultra $19/1500/300', () => {
    expect(
      LANDING_PLANS.map(({ name, price, credits, generations, popular }) => ({
        name,
        price,
        credits,
        generations,
        popular,
      })),
    ).toEqual([
      { name: 'Free', price: 0, credits: 5, generations: 1, popular: false },
      { name: 'Pro', price: 9, credits: 300, generations: 60, popular: true },
      { name: 'Ultra', price: 19, credits: 1500, generations: 300, popular: false },
    ]);
  });

  it('state generations that the credits pay for at 5 credits each', () => {
    for (const plan of LANDING_PLANS)
      expect(generationsForCredits(plan.credits)).toBe(plan.generations);
  });

  it('send the free plan to the action figure creator and paid plans to /pricing', () => {
    expect(LANDING_PLANS.map((plan) => plan.cta.to)).toEqual([
      '/action-figure-creator',
      '/pricing',
      '/pricing',
    ]);
  });
});
