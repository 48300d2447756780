import {
  ANY,
  ErrorType,
  NO_STREAM,
  START,
  jsonEvent,
  type EventData,
  type ExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
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
  'conformance-',
];

export function toExpectedRevision(expected: ExpectedVersion): ExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (!Number.isSafeInteger(expected) || expected < -1) {
    throw new RangeError(`Expected version must be an integer >= -1, got ${expected}`);
  }
  // -1 is "no events yet", as in the Postgres adapter.
  return expected === -1 ? NO_STREAM : BigInt(expected);
}

/** ESDB's fromPosition: START for our start of the log, otherwise the pair as it is. */
export function toReadPosition(position: GlobalPosition): ReadPosition {
  if (position.commit === 0n && position.prepare === 0n) return START;
  return { commit: position.commit, prepare: position.prepare };
}

export const fromEsdbPosition = (position: Position): GlobalPosition => ({
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

export function toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent {
  if (!event.position) {
    throw new Error(
      `EventStoreDB sent no position for event ${event.id} (server older than 22.6?)`,
    );
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
    position: fromEsdbPosition(event.position),
  };
}

const errorType = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;

/** Matches by the client's `type` tag, so plain objects and other copies of the library work too. */
export const isStreamNotFound = (error: unknown): boolean =>
  errorType(error) === ErrorType.STREAM_NOT_FOUND;

/** ESDB's WrongExpectedVersionError becomes ours, with the actual version when the server sent one. */
export function toStoreError(error: unknown, streamId: string, expected: ExpectedVersion): unknown {
  if (errorType(error) !== ErrorType.WRONG_EXPECTED_VERSION) return error;
  const actual = (error as { actualVersion?: unknown }).actualVersion;
  const mapped =
    typeof actual === 'bigint'
      ? Number(actual)
      : actual === NO_STREAM
        ? ('no_stream' as const)
        : ('unknown' as const);
  return new WrongExpectedVersionError(streamId, expected, mapped);
}
