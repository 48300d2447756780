import { useCallback, useEffect, useRef, useState } from 'react';

import {
  AUTO_SWEEP,
  clampToRange,
  nextSweepState,
  SLIDER_START,
  type SliderRange,
  type SweepState,
} from '../utils/slider-math';
import { DEMO_SWEEP, demoSweepFrame } from '../utils/demo-sweep';
import { createPositionStore, type PositionStore } from '../utils/position-store';

import { usePrefersReducedMotion } from './usePrefersReducedMotion';

export type SweepingSlider = {
  /** Read by the slider alone (`SweepingBeforeAfterSlider`), so a step re-renders only it. */
  position: PositionStore;
  /** True once the visitor has taken over (drag, keyboard); the sweep never restarts. */
  stopped: boolean;
  /** Moves the handle on the visitor's behalf and stops the sweep. */
  moveTo: (position: number) => void;
};

/**
 * The creators' slider (spec §4, §9): starts at 50; after 1 s it steps by 1 between 5 and 95
 * every 50 ms until the visitor drags; the visitor's position is clamped to `range`.
 */
export const useAutoSweep = (range: SliderRange): SweepingSlider => {
  const reducedMotion = usePrefersReducedMotion();
  const position = usePositionStore();
  const direction = useRef<SweepState['direction']>(1);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (stopped || reducedMotion) return;
    let interval: number | undefined;
    const delay = window.setTimeout(() => {
      interval = window.setInterval(() => {
        const next = nextSweepState({ position: position.get(), direction: direction.current });
        direction.current = next.direction;
        position.set(next.position);
      }, AUTO_SWEEP.intervalMs);
    }, AUTO_SWEEP.delayMs);
    return () => {
      window.clearTimeout(delay);
      window.clearInterval(interval);
    };
  }, [stopped, reducedMotion, position]);

  const moveTo = useUserMove(range, setStopped, position.set);
  return { position, stopped, moveTo };
};

/**
 * The action figure demo (spec §4): 1 s after load, three sweeps 20 ↔ 80 (2 s each with 500 ms
 * pauses, one every 3 s), then it settles at 50; dragging stops it and is clamped to `range`.
 */
export const useDemoSweep = (range: SliderRange): SweepingSlider => {
  const reducedMotion = usePrefersReducedMotion();
  const position = usePositionStore();
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (stopped || reducedMotion) return;
    let interval: number | undefined;
    const delay = window.setTimeout(() => {
      let elapsed = 0;
      interval = window.setInterval(() => {
        elapsed += DEMO_SWEEP.tickMs;
        const frame = demoSweepFrame(elapsed);
        position.set(frame.position);
        if (frame.done) window.clearInterval(interval);
      }, DEMO_SWEEP.tickMs);
    }, DEMO_SWEEP.startDelayMs);
    return () => {
      window.clearTimeout(delay);
      window.clearInterval(interval);
    };
  }, [stopped, reducedMotion, position]);

  const moveTo = useUserMove(range, setStopped, position.set);
  return { position, stopped, moveTo };
};

const usePositionStore = (): PositionStore => useState(() => createPositionStore(SLIDER_START))[0];

const useUserMove = (
  range: SliderRange,
  setStopped: (stopped: boolean) => void,
  apply: (position: number) => void,
) =>
  useCallback(
    (position: number) => {
      setStopped(true);
      apply(clampToRange(position, range));
    },
    [apply, range, setStopped],
  );
