import { describe, expect, it } from 'vitest';

import { formatDate, formatDateTime } from './format-date';

describe('dates for users', () => {
  it('follows the locale for the order and the clock', () => {
    const when = new Date(2025, 5, 16, 14, 25);
    expect(formatDate(when, 'en-US')).toBe('Jun 16, 2025');
    expect(formatDate(when, 'en-GB')).toBe('16 Jun 2025');
    expect(formatDateTime(when, 'en-US')).toMatch(/^Jun 16, 2025,? 2:25\s?PM$/);
    expect(formatDateTime(when, 'en-GB')).toMatch(/^16 Jun 2025,? 14:25$/);
  });

  it('writes nothing for something that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});
