import { clampToRange, SLIDER_START, type SliderRange } from './slider-math';

/**
 * The action figure page's demo (spec §4): three sweeps between 20 and 80, each taking 2 s with
 * a 500 ms pause on either side, one every 3 s, then the slider settles at 50. Dragging stops
 * it; dragging is clamped to 5–95.
 */
export const DEMO_SWEEP = {
  startDelayMs: 1000,
  tickMs: 50,
  from: 20,
  to: 80,
  sweepMs: 2000,
  pauseMs: 500,
  periodMs: 3000,
  sweeps: 3,
  settleMs: 500,
} as const;

export const DEMO_DRAG_RANGE: SliderRange = { min: 5, max: 95 };

/** Smooth start and stop, so the handle eases into each pause. */
const easeInOut = (t: number): number =>
  0.5 - Math.cos(Math.PI * clampToRange(t, { min: 0, max: 1 })) / 2;

const lerp = (from: number, to: number, t: number): number => from + (to - from) * easeInOut(t);

export type DemoFrame = { position: number; done: boolean };

/**
 * Where the demo handle is `elapsedMs` after the demo started. Odd sweeps go 20 → 80, even
 * ones come back 80 → 20, so the handle never jumps; the first pause glides from the resting
 * 50 to 20 and the end glides to 50.
 */
export const demoSweepFrame = (elapsedMs: number): DemoFrame => {
  const { from, to, sweepMs, pauseMs, periodMs, sweeps, settleMs } = DEMO_SWEEP;
  const t = Math.max(0, elapsedMs);
  const total = periodMs * sweeps;
  if (t >= total + settleMs) return { position: SLIDER_START, done: true };
  const lastEnd = sweeps % 2 === 1 ? to : from;
  if (t >= total)
    return { position: lerp(lastEnd, SLIDER_START, (t - total) / settleMs), done: false };

  const cycle = Math.floor(t / periodMs);
  const local = t - cycle * periodMs;
  const [start, end] = cycle % 2 === 0 ? [from, to] : [to, from];
  if (local < pauseMs) {
    return {
      position: cycle === 0 ? lerp(SLIDER_START, start, local / pauseMs) : start,
      done: false,
    };
  }
  if (local < pauseMs + sweepMs)
    return { position: lerp(start, end, (local - pauseMs) / sweepMs), done: false };
  return { position: end, done: false };
};
