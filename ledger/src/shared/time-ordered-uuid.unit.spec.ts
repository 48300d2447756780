import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timeOrderedUuid } from './time-ordered-uuid';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID that the event metadata schema accepts', () => {
    const id = timeOrderedUuid();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it('sorts by creation time, so new ids go to the right edge of the index', () => {
    const earlier = timeOrderedUuid(Date.parse('2026-11-27T08:00:00.000Z'));
    const later = timeOrderedUuid(Date.parse('2026-11-27T08:00:00.001Z'));
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 13)).toBe('01a21c04-b400');
  });

  it('does not repeat', () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => timeOrderedUuid(now)));
    expect(ids.size).toBe(10_000);
  });
});
