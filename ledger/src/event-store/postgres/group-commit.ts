import {
  DuplicateEventError,
  WrongExpectedVersionError,
  type AppendResult,
  type ExpectedVersion,
  type NewEvent,
} from '../event-store';
import type { GroupRow } from './event-store-sql';

// Group commit's pure steps: which waiting appends go together, and what each one's row says.

/** Appends per group (one statement), unless the store is told otherwise. */
export const MAX_GROUP_SIZE = 64;

export interface PendingAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedVersion;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The next group from the appends waiting, in order: one append per stream per group, and none
 * for a stream a running group writes, so the next append to a stream sees the version the
 * previous one made. The rest wait for a later group.
 */
export function takeGroup(
  waiting: readonly PendingAppend[],
  streamsInFlight: ReadonlySet<string>,
  maxGroupSize = MAX_GROUP_SIZE,
): { group: PendingAppend[]; later: PendingAppend[]; streams: Set<string> } {
  const group: PendingAppend[] = [];
  const later: PendingAppend[] = [];
  const streams = new Set<string>();
  for (const pending of waiting) {
    const free = !streams.has(pending.streamId) && !streamsInFlight.has(pending.streamId);
    if (free && group.length < maxGroupSize) {
      group.push(pending);
      streams.add(pending.streamId);
    } else later.push(pending);
  }
  return { group, later, streams };
}

/** Answers each append of a written group from its row; true when any was appended. */
export function settleGroup(group: readonly PendingAppend[], rows: readonly GroupRow[]): boolean {
  let appended = false;
  for (const row of rows) {
    const pending = group[row.request - 1];
    if (!pending) continue;
    if (row.outcome === 'ok') {
      appended = true;
      pending.resolve({
        nextExpectedVersion: Number(row.version),
        position: { commit: BigInt(row.commit_id!), prepare: BigInt(row.prepare!) },
      });
    } else if (row.outcome === 'duplicate') {
      pending.reject(new DuplicateEventError(pending.streamId));
    } else {
      const actual = Number(row.version);
      pending.reject(
        new WrongExpectedVersionError(
          pending.streamId,
          pending.expected,
          actual < 0 ? 'no_stream' : actual,
        ),
      );
    }
  }
  return appended;
}
