import { describe, expect, it } from 'vitest';

import { creationStyle, formatCreationDate } from './creation-labels';

describe('creation labels', () => {
  it('names the style and its download prefix from the API’s style', () => {
    expect(creationStyle('snoopy')).toEqual({
      id: 'snoopy',
      name: 'Snoopy Comic',
      downloadPrefix: 'ai-snoopy-character',
    });
    expect(creationStyle('action-figure').id).toBe('action-figure');
    expect(creationStyle('ACTION_FIGURE').id).toBe('action-figure');
    expect(creationStyle('unknown')).toMatchObject({ id: null, name: 'Image' });
  });

  it('formats the date, and nothing for a broken one', () => {
    expect(formatCreationDate('2025-06-16T14:25:00Z', 'en-GB')).toMatch(/16 Jun 2025/);
    expect(formatCreationDate('2025-06-16T14:25:00Z', 'en-US')).toMatch(/Jun 16, 2025/);
    expect(formatCreationDate('not a date')).toBe('');
  });
});
