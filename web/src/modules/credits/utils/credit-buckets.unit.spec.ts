import { describe, expect, it } from 'vitest';

import { formatExpiryDay, spendingOrderSentence } from './credit-buckets';

describe('credit bucket words', () => {
  it('names the day of expiry in UTC, with the year only when it is not this year', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(formatExpiryDay('2026-12-22T00:00:00.000Z', now)).toBe('22 Dec');
    expect(formatExpiryDay('2028-11-23T23:30:00.000Z', now)).toBe('23 Nov 2028');
  });

  it('says the spending order, soonest-expiring first', () => {
    expect(spendingOrderSentence(['PLAN', 'PACK', 'FREE'])).toBe(
      'Spent soonest-expiring first: plan credits, then pack credits, then free credits.',
    );
    expect(spendingOrderSentence([])).toBe('Credits are spent soonest-expiring first.');
  });
});
