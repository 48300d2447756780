/**
 * Room kept for the difference between the clocks of the replica that set a generation's deadline
 * and of the one whose recovery finds it overdue.
 */
export const DEADLINE_CLOCK_ALLOWANCE_MS = 10_000;

/**
 * Whether a generation about to be sent restarts its deadline first: a round trip that gives the
 * image service call its whole time again, and refuses a generation that recovery (on any
 * replica) has settled meanwhile. Recovery settles only past the deadline, so one that found a
 * provider slot free at once, and whose deadline still lies beyond the whole provider call, goes
 * without it. One whose hold took so long that this is no longer so (a stalled database, a short
 * hold margin) restarts, and is refused if recovery got there first.
 */
export function mustRestartDeadline(
  waited: boolean,
  deadline: Date,
  now: number,
  providerTimeoutMs: number,
): boolean {
  return waited || deadline.getTime() - now < providerTimeoutMs + DEADLINE_CLOCK_ALLOWANCE_MS;
}
