/**
 * Room kept between a generation's deadline (set from this process's clock) and the database's
 * clock, by which recovery finds it overdue.
 */
export const DEADLINE_CLOCK_ALLOWANCE_MS = 10_000;

/**
 * Whether a generation about to be sent restarts its deadline first: a round trip that also
 * refuses one recovery (on any replica) has settled meanwhile. Recovery settles only past the
 * deadline, so one that found a provider slot free at once and is still well inside its deadline
 * goes without it. One whose hold took so long that the deadline came near (a stalled database)
 * restarts, and is refused if recovery got there first.
 */
export function mustRestartDeadline(waited: boolean, deadline: Date, now: number): boolean {
  return waited || now > deadline.getTime() - DEADLINE_CLOCK_ALLOWANCE_MS;
}
