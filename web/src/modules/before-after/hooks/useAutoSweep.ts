import { useCallback, useEffect, useState } from 'react';

import {
  AUTO_SWEEP,
  clampToRange,
  nextSweepState,
  SLIDER_START,
  type SliderRange,
  type SweepState,
} from '../utils/slider-math';
import { DEMO_SWEEP, demoSweepFrame } from '../utils/demo-sweep';

import { usePrefersReducedMotion } from './usePrefersReducedMotion';

export type SweepingSlider = {
  position: number;
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
  const [state, setState] = useState<SweepState>({ position: SLIDER_START, direction: 1 });
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (stopped || reducedMotion) return;
    let interval: number | undefined;
    const delay = window.setTimeout(() => {
      interval = window.setInterval(
        () => setState((current) => nextSweepState(current)),
        AUTO_SWEEP.intervalMs,
      );
    }, AUTO_SWEEP.delayMs);
    return () => {
      window.clearTimeout(delay);
      window.clearInterval(interval);
    };
  }, [stopped, reducedMotion]);

  const applyPosition = useCallback(
    (position: number) => setState((current) => ({ ...current, position })),
    [],
  );
  const moveTo = useUserMove(range, setStopped, applyPosition);
  return { position: state.position, stopped, moveTo };
};

/**
 * The action figure demo (spec §4): 1 s after load, three sweeps 20 ↔ 80 (2 s each with 500 ms
 * pauses, one every 3 s), then it settles at 50; dragging stops it and is clamped to `range`.
 */
export const useDemoSweep = (range: SliderRange): SweepingSlider => {
  const reducedMotion = usePrefersReducedMotion();
  const [position, setPosition] = useState<number>(SLIDER_START);
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    if (stopped || reducedMotion) return;
    let interval: number | undefined;
    const delay = window.setTimeout(() => {
      let elapsed = 0;
      interval = window.setInterval(() => {
        elapsed += DEMO_SWEEP.tickMs;
        const frame = demoSweepFrame(elapsed);
        setPosition(frame.position);
        if (frame.done) window.clearInterval(interval);
      }, DEMO_SWEEP.tickMs);
    }, DEMO_SWEEP.startDelayMs);
    return () => {
      window.clearTimeout(delay);
      window.clearInterval(interval);
    };
  }, [stopped, reducedMotion]);

  const moveTo = useUserMove(range, setStopped, setPosition);
  return { position, stopped, moveTo };
};

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
