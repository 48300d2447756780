import { describe, expect, it } from 'vitest';

import { DEMO_DRAG_RANGE, demoSweepFrame } from './demo-sweep';

describe('action figure demo sweep', () => {
  it('glides from 50 to 20, then sweeps to 80 over 2 s between 500 ms pauses', () => {
    expect(demoSweepFrame(0).position).toBe(50);
    expect(demoSweepFrame(500).position).toBe(20);
    expect(demoSweepFrame(1500).position).toBeCloseTo(50);
    expect(demoSweepFrame(2500).position).toBe(80);
    expect(demoSweepFrame(2999).position).toBe(80);
  });

  it('runs three sweeps, one every 3 s, alternating direction', () => {
    expect(demoSweepFrame(3000 + 500).position).toBe(80);
    expect(demoSweepFrame(3000 + 2500).position).toBe(20);
    expect(demoSweepFrame(6000 + 2500).position).toBe(80);
    for (let t = 500; t < 9000; t += 50) {
      const { position } = demoSweepFrame(t);
      expect(position).toBeGreaterThanOrEqual(20);
      expect(position).toBeLessThanOrEqual(80);
    }
  });

  it('then settles at 50 and stops', () => {
    expect(demoSweepFrame(8999).done).toBe(false);
    expect(demoSweepFrame(9250).position).toBeCloseTo(65);
    expect(demoSweepFrame(9500)).toEqual({ position: 50, done: true });
    expect(demoSweepFrame(60_000)).toEqual({ position: 50, done: true });
  });

  it('clamps a drag to 5–95', () => {
    expect(DEMO_DRAG_RANGE).toEqual({ min: 5, max: 95 });
  });
});
