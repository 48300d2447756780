import { describe, expect, it } from 'vitest';

import { allSettledThenThrow } from './all-settled-then-throw';

const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('allSettledThenThrow', () => {
  it('answers every value in order', async () => {
    const [a, b] = await allSettledThenThrow([after(5, 'a'), Promise.resolve(2)] as const);
    expect([a, b]).toEqual(['a', 2]);
  });

  it('throws the first failure only after the slower steps beside it have finished', async () => {
    let waited = false;
    const wait = after(50, null).then(() => (waited = true));
    const failing = Promise.reject(new Error('storage hiccup'));
    await expect(allSettledThenThrow([failing, wait] as const)).rejects.toThrow('storage hiccup');
    expect(waited).toBe(true);
  });
});
