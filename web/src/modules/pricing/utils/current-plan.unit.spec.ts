import { describe, expect, it } from 'vitest';

import { currentPlanId } from './current-plan';

const PLANS = [
  { id: 'free', name: 'Free', price: 0 },
  { id: 'pro', name: 'Pro Plan', price: 900 },
  { id: 'ultra', name: 'Ultra Plan', price: 1900 },
];

describe('the plan a user is on', () => {
  it('is none for a visitor', () => {
    expect(currentPlanId(null, PLANS)).toBeNull();
  });

  it('is the paid plan that runs, also past due', () => {
    expect(currentPlanId({ currentPlan: 'Pro Plan', subscriptionStatus: 'ACTIVE' }, PLANS)).toBe(
      'pro',
    );
    expect(
      currentPlanId({ currentPlan: 'Ultra Plan', subscriptionStatus: 'PAST_DUE' }, PLANS),
    ).toBe('ultra');
  });

  it('is Free without a plan, after a plan ended, or for a plan no longer sold', () => {
    for (const user of [
      { currentPlan: 'Free', subscriptionStatus: 'FREE' },
      { currentPlan: null, subscriptionStatus: 'FREE' },
      { currentPlan: 'Pro Plan', subscriptionStatus: 'CANCELED' },
      { currentPlan: 'Legacy Plan', subscriptionStatus: 'ACTIVE' },
    ])
      expect(currentPlanId(user, PLANS)).toBe('free');
  });
});
