/**
 * A slider position that components read with `useSyncExternalStore`: a sweep step then
 * re-renders the slider alone, not the creator tool that owns the sweep (every 50 ms, that
 * re-render was most of a creator page's main-thread work on a phone).
 */
export type PositionStore = {
  get: () => number;
  set: (position: number) => void;
  subscribe: (listener: () => void) => () => void;
};

export const createPositionStore = (initial: number): PositionStore => {
  let position = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => position,
    set: (next) => {
      if (next === position) return;
      position = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
