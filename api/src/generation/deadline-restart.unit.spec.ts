import { describe, expect, it } from 'vitest';
import { DEADLINE_CLOCK_ALLOWANCE_MS, mustRestartDeadline } from './deadline-restart';

describe('restarting a generation deadline before it is sent', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const providerTimeoutMs = 180_000;
  const inMs = (ms: number) => new Date(now + ms);
  const enough = providerTimeoutMs + DEADLINE_CLOCK_ALLOWANCE_MS;

  it('skips the round trip for one that found a slot free, its deadline beyond the whole provider call', () => {
    expect(mustRestartDeadline(false, inMs(enough), now, providerTimeoutMs)).toBe(false);
  });

  it('restarts one that waited in the queue, however much time it has left', () => {
    expect(mustRestartDeadline(true, inMs(enough * 2), now, providerTimeoutMs)).toBe(true);
  });

  it('restarts one whose deadline would pass during the provider call (its hold stalled, or a short margin)', () => {
    expect(mustRestartDeadline(false, inMs(enough - 1), now, providerTimeoutMs)).toBe(true);
    expect(mustRestartDeadline(false, inMs(60_000), now, providerTimeoutMs)).toBe(true);
    expect(mustRestartDeadline(false, inMs(-1_000), now, providerTimeoutMs)).toBe(true);
  });
});
