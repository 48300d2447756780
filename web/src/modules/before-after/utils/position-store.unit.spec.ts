import { describe, expect, it, vi } from 'vitest';

import { createPositionStore } from './position-store';

describe('createPositionStore', () => {
  it('tells its subscribers about a new position, and stops after they unsubscribe', () => {
    const store = createPositionStore(50);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(51);
    expect(store.get()).toBe(51);
    expect(listener).toHaveBeenCalledTimes(1);
    store.set(51);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set(52);
    expect(store.get()).toBe(52);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
