import { describe, expect, it } from 'vitest';

import { formatPriceCents } from '../../pricing/utils/format-price';
import { creditMovementLabel, formatDelta } from './credit-movement-labels';
import { resolveCurrentPlan, subscriptionBadge } from './subscription-display';

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

  it('labels credit movements for people', () => {
    expect(creditMovementLabel('CreditsSpent')).toBe('Generation');
    expect(creditMovementLabel('CreditsReserved')).toBe('Held for a generation');
    expect(creditMovementLabel('CreditsTransferredOut')).toBe('Transferred Out');
    expect(formatDelta(5)).toBe('+5');
    expect(formatDelta(-5)).toBe('−5');
    expect(formatDelta(0)).toBe('0');
  });
});
