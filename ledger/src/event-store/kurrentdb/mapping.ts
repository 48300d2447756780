import {
  ANY,
  streamNameFilter,
  type AppendStreamState,
  type Filter,
  ErrorType,
  NO_STREAM,
  START,
  jsonEvent,
  type EventData,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import {
  WrongExpectedVersionError,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '../event-store';
import type { EventMetadata } from '../../shared/metadata';

export const DEFAULT_STREAM_PREFIXES: readonly string[] = [
  'credits-',
  'subscription-',
  'generation-',
  'gift-',
  'conformance-',
];

export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (!Number.isSafeInteger(expected) || expected < -1) {
    throw new RangeError(`Expected version must be an integer >= -1, got ${expected}`);
  }
  // -1 is "no events yet", as in the Postgres adapter.
  return expected === -1 ? NO_STREAM : BigInt(expected);
}

/** The server-side filter on our stream prefixes, for reads and subscriptions of `$all`. */
export const prefixFilter = (prefixes: readonly string[]): Filter =>
  streamNameFilter({ prefixes: [...prefixes] });

/**
 * KurrentDB's own scheme is `kurrentdb://` (also `kurrent://`, `kdb://`, each with `+discover`);
 * `esdb://` from EventStoreDB days is still accepted and rewritten, so the client does not warn.
 */
export function normalizeConnectionString(connectionString: string): string {
  const trimmed = connectionString.trim();
  const scheme = /^([a-z+]+):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  const base = scheme?.replace(/\+discover$/, '');
  if (!base || !['kurrentdb', 'kurrent', 'kdb', 'esdb'].includes(base)) {
    throw new Error(
      `EVENTSTORE_CONNECTION_STRING must start with kurrentdb:// (or esdb://), got "${trimmed.split('://')[0]}://…"`,
    );
  }
  return base === 'esdb' ? trimmed.replace(/^esdb/i, 'kurrentdb') : trimmed;
}

/** KurrentDB's fromPosition: START for our start of the log, otherwise the pair as it is. */
export function toReadPosition(position: GlobalPosition): ReadPosition {
  if (position.commit === 0n && position.prepare === 0n) return START;
  return { commit: position.commit, prepare: position.prepare };
}

export const fromKurrentPosition = (position: Position): GlobalPosition => ({
  commit: position.commit,
  prepare: position.prepare,
});

export const hasStreamPrefix = (streamId: string, prefixes: readonly string[]): boolean =>
  prefixes.some((prefix) => streamId.startsWith(prefix));

export function toEventData(event: NewEvent): EventData {
  return jsonEvent({
    id: event.metadata.eventId,
    type: event.type,
    // JSONType is narrower than our `unknown`; the client JSON-encodes whatever it is given.
    data: event.data as JSONType,
    metadata: event.metadata,
  });
}

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Uint8Array);

export function toRecordedEvent(event: KurrentRecordedEvent): RecordedEvent {
  if (!event.position) {
    throw new Error(`KurrentDB sent no position for event ${event.id} (server older than 22.6?)`);
  }
  if (!isJsonObject(event.metadata)) {
    throw new Error(`Event ${event.id} in ${event.streamId} has no JSON metadata`);
  }
  return {
    eventId: event.id,
    streamId: event.streamId,
    streamVersion: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: event.metadata as EventMetadata,
    position: fromKurrentPosition(event.position),
  };
}

const errorType = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;

/** Matches by the client's `type` tag, so plain objects and other copies of the library work too. */
export const isStreamNotFound = (error: unknown): boolean =>
  errorType(error) === ErrorType.STREAM_NOT_FOUND;

/** KurrentDB's WrongExpectedVersionError becomes ours, with the actual version when the server sent one. */
export function toStoreError(error: unknown, streamId: string, expected: ExpectedVersion): unknown {
  if (errorType(error) !== ErrorType.WRONG_EXPECTED_VERSION) return error;
  // `actualState` in @kurrent/kurrentdb-client; `actualVersion` in the EventStoreDB client it replaced.
  const { actualState, actualVersion } = error as {
    actualState?: unknown;
    actualVersion?: unknown;
  };
  const actual = actualState ?? actualVersion;
  const mapped =
    typeof actual === 'bigint'
      ? Number(actual)
      : actual === NO_STREAM
        ? ('no_stream' as const)
        : ('unknown' as const);
  return new WrongExpectedVersionError(streamId, expected, mapped);
}
