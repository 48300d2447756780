import { describe, expect, it } from 'vitest';

import { planStanding } from './plan-standing';

const PLANS = [
  { id: 'free', name: 'Free', price: 0 },
  { id: 'pro', name: 'Pro Plan', price: 900 },
  { id: 'ultra', name: 'Ultra Plan', price: 1900 },
];

describe('where a user stands on the pricing page', () => {
  it('is nowhere for a visitor', () => {
    expect(planStanding(null, PLANS)).toEqual({ planId: null, subscribed: false });
  });

  it('is the paid plan that runs, also past due', () => {
    expect(planStanding({ currentPlan: 'Pro Plan', subscriptionStatus: 'ACTIVE' }, PLANS)).toEqual({
      planId: 'pro',
      subscribed: true,
    });
    expect(
      planStanding({ currentPlan: 'Ultra Plan', subscriptionStatus: 'PAST_DUE' }, PLANS),
    ).toEqual({ planId: 'ultra', subscribed: true });
  });

  it('is Free without a plan or after a plan ended', () => {
    for (const user of [
      { currentPlan: 'Free', subscriptionStatus: 'FREE' },
      { currentPlan: null, subscriptionStatus: 'FREE' },
      { currentPlan: 'Pro Plan', subscriptionStatus: 'CANCELED' },
    ])
      expect(planStanding(user, PLANS)).toEqual({ planId: 'free', subscribed: false });
  });

  it('marks no card for a running plan no longer sold, and still counts it as a subscription', () => {
    // The server names a plan it no longer knows "Free", but refuses a second checkout all the same.
    for (const currentPlan of ['Free', 'Legacy Plan'])
      expect(planStanding({ currentPlan, subscriptionStatus: 'ACTIVE' }, PLANS)).toEqual({
        planId: null,
        subscribed: true,
      });
  });
});
