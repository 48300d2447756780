import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { generationIdForKey, generationKeyOf } from './idempotency-key';

describe('generationIdForKey', () => {
  it('keeps the ids stored generations carry: a retry after a deploy lands on the same one', () => {
    // Pinned: changing the derivation would make every in-flight retry a second generation.
    expect(generationIdForKey('user-1', 'click-42')).toBe('e9ea17ab-53f4-4810-a67f-20863d53599c');
  });

  it('gives each user their own id for the same key, and is a UUID the API accepts', () => {
    const [mine, theirs] = [
      generationIdForKey('user-1', 'click-42'),
      generationIdForKey('user-2', 'click-42'),
    ];
    expect(mine).not.toBe(theirs);
    for (const id of [mine, theirs]) expect(z.uuid().safeParse(id).success).toBe(true);
  });
});

describe('generationKeyOf', () => {
  it('trims, turns empty into none, and refuses a key over 255 characters rather than cut it', () => {
    expect(generationKeyOf('  k-1 ')).toBe('k-1');
    expect(generationKeyOf('   ')).toBeNull();
    expect(generationKeyOf(undefined)).toBeNull();
    expect(generationKeyOf('x'.repeat(255))).toHaveLength(255);
    expect(() => generationKeyOf('x'.repeat(256))).toThrow(/at most 255 characters/);
  });
});
