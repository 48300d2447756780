import { describe, expect, it } from 'vitest';

import { formatPriceCents } from '../../pricing/utils/format-price';
import { formatDelta } from './credit-movement-labels';
import { resolveCurrentPlan, subscriptionBadge, subscriptionDisplay } from './subscription-display';

const PLANS = [
  { name: 'Free', price: 0 },
  { name: 'Pro Plan', price: 900 },
  { name: 'Ultra Plan', price: 1900 },
];

describe('profile display rules', () => {
  it('badges: Active (green), Canceled, Past Due, anything else Free', () => {
    expect(subscriptionBadge('ACTIVE')).toEqual({ label: 'Active', tone: 'success' });
    expect(subscriptionBadge('CANCELED').label).toBe('Canceled');
    expect(subscriptionBadge('PAST_DUE').label).toBe('Past Due');
    expect(subscriptionBadge('FREE').label).toBe('Free');
    expect(subscriptionBadge('trialing').label).toBe('Free');
  });

  it('the plan is Free when missing, Free or not in the plan list', () => {
    expect(resolveCurrentPlan(undefined, PLANS)).toBeNull();
    expect(resolveCurrentPlan('Free', PLANS)).toBeNull();
    expect(resolveCurrentPlan('Mega Plan', PLANS)).toBeNull();
    expect(resolveCurrentPlan('Pro Plan', undefined)).toBeNull();
    expect(resolveCurrentPlan('Pro Plan', PLANS)).toEqual({ name: 'Pro Plan', price: 900 });
  });

  it('prices in cents: 2 decimals on the profile, none on pricing', () => {
    expect(formatPriceCents(900, 2)).toBe('$9.00');
    expect(formatPriceCents(1900, 0)).toBe('$19');
    expect(formatPriceCents(0, 0)).toBe('$0');
    expect(formatPriceCents(1999, 2)).toBe('$19.99');
  });

  it('writes changes with a real minus sign', () => {
    expect(formatDelta(5)).toBe('+5');
    expect(formatDelta(-5)).toBe('−5');
    expect(formatDelta(0)).toBe('0');
  });

  describe("the subscription card through a plan's life", () => {
    const day = (iso: string) => `day ${iso.slice(0, 10)}`;
    const pro = {
      currentPlan: 'Pro Plan',
      subscriptionStatus: 'ACTIVE',
      subscriptionRenewsAt: '2026-12-22T10:00:00.000Z',
      cancelAtPeriodEnd: false,
    };

    it('running: Active and Renews on, managed in the portal', () => {
      const shown = subscriptionDisplay(pro, PLANS, day);
      expect(shown.plan?.name).toBe('Pro Plan');
      expect(shown.badge).toEqual({ label: 'Active', tone: 'success' });
      expect(shown.period).toEqual({ label: 'Renews on', date: 'day 2026-12-22' });
      expect(shown.action).toBe('manage');
    });

    it('set to cancel: "Cancels on <date>" as badge and text, still the plan, still managed', () => {
      const shown = subscriptionDisplay({ ...pro, cancelAtPeriodEnd: true }, PLANS, day);
      expect(shown.plan?.name).toBe('Pro Plan');
      expect(shown.badge).toEqual({ label: 'Cancels on day 2026-12-22', tone: 'warning' });
      expect(shown.period).toEqual({ label: 'Cancels on', date: 'day 2026-12-22' });
      expect(shown.note).toContain('will not renew');
      expect(shown.action).toBe('manage');
    });

    it('ended (canceled): the Free plan with Upgrade Plan, whatever plan and date the server still names', () => {
      const shown = subscriptionDisplay(
        { ...pro, subscriptionStatus: 'CANCELED', cancelAtPeriodEnd: true },
        PLANS,
        day,
      );
      expect(shown.plan).toBeNull();
      expect(shown.badge.label).toBe('Canceled');
      expect(shown.period).toBeNull();
      expect(shown.action).toBe('upgrade');
      expect(shown.ended).toBe(true);
    });

    it('never subscribed: Free, no date, Upgrade Plan', () => {
      const shown = subscriptionDisplay(
        {
          currentPlan: 'Free',
          subscriptionStatus: 'FREE',
          subscriptionRenewsAt: null,
          cancelAtPeriodEnd: false,
        },
        PLANS,
        day,
      );
      expect(shown).toMatchObject({ plan: null, period: null, action: 'upgrade', ended: false });
      expect(shown.badge.label).toBe('Free');
    });
  });
});
