import { describe, expect, it } from 'vitest';
import { DEADLINE_CLOCK_ALLOWANCE_MS, mustRestartDeadline } from './deadline-restart';

describe('restarting a generation deadline before it is sent', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const inMs = (ms: number) => new Date(now + ms);

  it('skips the round trip for one that found a slot free, well inside its deadline', () => {
    expect(mustRestartDeadline(false, inMs(300_000), now)).toBe(false);
  });

  it('restarts one that waited in the queue, however much time it has left', () => {
    expect(mustRestartDeadline(true, inMs(300_000), now)).toBe(true);
  });

  it('restarts one near or past its deadline (its hold stalled): recovery may have settled it', () => {
    expect(mustRestartDeadline(false, inMs(DEADLINE_CLOCK_ALLOWANCE_MS - 1), now)).toBe(true);
    expect(mustRestartDeadline(false, inMs(-1_000), now)).toBe(true);
  });
});
