import { describe, expect, it } from 'vitest';

import { generationsRemaining, isLowOnCredits, pluralise } from './credit-rules';

describe('credit rules', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [9, 1],
    [300, 60],
    [1500, 300],
    [-5, 0],
  ])('%i credits pay for %i generations', (credits, generations) => {
    expect(generationsRemaining(credits)).toBe(generations);
  });

  it('highlights a balance of 5 credits or fewer', () => {
    expect(isLowOnCredits(5)).toBe(true);
    expect(isLowOnCredits(0)).toBe(true);
    expect(isLowOnCredits(6)).toBe(false);
  });

  it('pluralises counts', () => {
    expect(pluralise(1, 'generation')).toBe('1 generation');
    expect(pluralise(60, 'generation')).toBe('60 generations');
    expect(pluralise(1500, 'credit')).toBe('1,500 credits');
  });
});
