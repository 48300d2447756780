import type { EventMetadata } from '../shared/metadata';

/**
 * A position in `$all`, in commit order. Postgres: (transaction id, global position);
 * KurrentDB: (commit, prepare). Compared as a pair.
 */
export interface GlobalPosition {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const START_POSITION: GlobalPosition = { commit: 0n, prepare: 0n };

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export const formatPosition = (position: GlobalPosition) =>
  `${position.commit}/${position.prepare}`;

/** Version of the last event in the stream (0-based), or a condition on the stream. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export interface NewEvent {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent {
  readonly eventId: string;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly position: GlobalPosition;
}

/**
 * A stored event checked against its stream's schema, as both the command side and the read
 * models read it: a stored event that does not match fails loudly instead of folding garbage.
 */
export const parseRecordedEvent = <Event>(
  schema: { parse(value: unknown): Event },
  recorded: Pick<RecordedEvent, 'type' | 'data'>,
): Event => schema.parse({ type: recorded.type, data: recorded.data });

export interface AppendResult {
  /** Version of the last appended event, to pass as the next expected version. */
  readonly nextExpectedVersion: number;
  /** Position of the last appended event; projections at or past it have seen the append. */
  readonly position: GlobalPosition;
}

export interface ReadStreamOptions {
  /** First version to read (inclusive). */
  readonly fromVersion?: number;
  /** At most this many events (all when absent). */
  readonly maxCount?: number;
}

export interface EventStore {
  append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events strictly after `after`, in commit order, at most `limit`. Never skips a late commit. */
  readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]>;
  /** Tails `$all` from `after` until the signal aborts. */
  subscribe(after: GlobalPosition, signal: AbortSignal): AsyncIterable<RecordedEvent>;
  /** How many events a reader of `$all` would get after `after` (for lag and progress). */
  countEventsAfter(after: GlobalPosition): Promise<number>;
  /** Position of the newest event a reader can see, or null when the log is empty. */
  headPosition(): Promise<GlobalPosition | null>;
  /** Resolves when new events may be readable (or after `timeoutMs`), so pollers sleep less. */
  waitForAppend(timeoutMs: number, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | 'no_stream' | 'unknown',
  ) {
    super(`Wrong expected version for ${streamId}: expected ${expected}, actual ${actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export class DuplicateEventError extends Error {
  constructor(readonly streamId: string) {
    super(`An event appended to ${streamId} already exists (duplicate event id)`);
    this.name = 'DuplicateEventError';
  }
}
