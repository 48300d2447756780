import { describe, expect, it } from 'vitest';

import {
  AUTO_SWEEP,
  CREATOR_DRAG_RANGE,
  nextSweepState,
  positionFromKey,
  positionFromPointer,
  SLIDER_START,
  type SweepState,
} from './slider-math';

const run = (state: SweepState, ticks: number) => {
  let current = state;
  for (let tick = 0; tick < ticks; tick += 1) current = nextSweepState(current);
  return current;
};

describe('creator slider', () => {
  it('starts at 50 and sweeps by 1 per tick up to 95, back down to 5 and up again', () => {
    const start: SweepState = { position: SLIDER_START, direction: 1 };
    expect(run(start, 1).position).toBe(51);
    expect(run(start, 45).position).toBe(95);
    expect(run(start, 46).position).toBe(94);
    expect(run(start, 45 + 90).position).toBe(5);
    expect(run(start, 45 + 91).position).toBe(6);
    for (let ticks = 0; ticks < 400; ticks += 1) {
      const { position } = run(start, ticks);
      expect(position).toBeGreaterThanOrEqual(AUTO_SWEEP.range.min);
      expect(position).toBeLessThanOrEqual(AUTO_SWEEP.range.max);
    }
  });

  it('steps every 50 ms after a 1 s delay', () => {
    expect(AUTO_SWEEP).toMatchObject({ delayMs: 1000, intervalMs: 50, step: 1 });
  });

  it('clamps a drag to 0–100', () => {
    const rect = { left: 100, width: 400 };
    expect(positionFromPointer(300, rect, CREATOR_DRAG_RANGE)).toBe(50);
    expect(positionFromPointer(-50, rect, CREATOR_DRAG_RANGE)).toBe(0);
    expect(positionFromPointer(900, rect, CREATOR_DRAG_RANGE)).toBe(100);
    expect(positionFromPointer(150, { left: 0, width: 0 }, CREATOR_DRAG_RANGE)).toBe(50);
  });

  it('moves by keyboard: arrows by 1, Page keys by 10, Home and End to the ends', () => {
    const range = { min: 5, max: 95 };
    expect(positionFromKey('ArrowRight', 50, range)).toBe(51);
    expect(positionFromKey('ArrowLeft', 50.4, range)).toBe(49);
    expect(positionFromKey('PageUp', 90, range)).toBe(95);
    expect(positionFromKey('PageDown', 12, range)).toBe(5);
    expect(positionFromKey('Home', 50, range)).toBe(5);
    expect(positionFromKey('End', 50, range)).toBe(95);
    expect(positionFromKey('a', 50, range)).toBeNull();
  });
});
