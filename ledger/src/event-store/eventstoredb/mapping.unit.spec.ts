import {
  ANY,
  NO_STREAM,
  START,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { newEvent } from '../event-store.conformance';
import { START_POSITION, WrongExpectedVersionError } from '../event-store';
import {
  DEFAULT_STREAM_PREFIXES,
  fromEsdbPosition,
  hasStreamPrefix,
  isStreamNotFound,
  toEventData,
  toExpectedRevision,
  toReadPosition,
  toRecordedEvent,
  toStoreError,
} from './mapping';

const esdbEvent = (overrides: Partial<Record<string, unknown>> = {}): EsdbRecordedEvent => {
  const { metadata } = newEvent('CreditsGranted');
  return {
    streamId: 'credits-u1',
    id: metadata.eventId,
    isJson: true,
    revision: 7n,
    type: 'CreditsGranted',
    created: new Date(0),
    data: { amount: 5 },
    metadata,
    position: { commit: 1200n, prepare: 1100n },
    ...overrides,
  } as EsdbRecordedEvent;
};

describe('toExpectedRevision', () => {
  it('maps the conditions to the client constants', () => {
    expect(toExpectedRevision('any')).toBe(ANY);
    expect(toExpectedRevision('no_stream')).toBe(NO_STREAM);
  });

  it('maps a version to the bigint revision of the last event', () => {
    expect(toExpectedRevision(0)).toBe(0n);
    expect(toExpectedRevision(41)).toBe(41n);
  });

  it('treats -1 as an empty stream, like the Postgres adapter', () => {
    expect(toExpectedRevision(-1)).toBe(NO_STREAM);
  });

  it('refuses versions that cannot exist', () => {
    for (const bad of [-2, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => toExpectedRevision(bad)).toThrow(RangeError);
    }
  });
});

describe('positions', () => {
  it('reads from START for our start of the log', () => {
    expect(toReadPosition(START_POSITION)).toBe(START);
  });

  it('passes any other position through as commit/prepare', () => {
    expect(toReadPosition({ commit: 0n, prepare: 5n })).toEqual({ commit: 0n, prepare: 5n });
    expect(toReadPosition({ commit: 1200n, prepare: 1100n })).toEqual({
      commit: 1200n,
      prepare: 1100n,
    });
  });

  it('maps an ESDB position 1:1', () => {
    expect(fromEsdbPosition({ commit: 9007199254740993n, prepare: 3n })).toEqual({
      commit: 9007199254740993n,
      prepare: 3n,
    });
  });
});

describe('hasStreamPrefix', () => {
  it('keeps our streams and drops system and foreign ones', () => {
    for (const stream of ['credits-u1', 'subscription-u1', 'generation-g1', 'conformance-x']) {
      expect(hasStreamPrefix(stream, DEFAULT_STREAM_PREFIXES)).toBe(true);
    }
    for (const stream of [
      '$stats-127.0.0.1:2113',
      '$ce-credits',
      'credits',
      'other-credits-u1',
      '',
    ]) {
      expect(hasStreamPrefix(stream, DEFAULT_STREAM_PREFIXES)).toBe(false);
    }
  });

  it('uses the prefixes it is given', () => {
    expect(hasStreamPrefix('orders-1', ['orders-'])).toBe(true);
    expect(hasStreamPrefix('credits-u1', ['orders-'])).toBe(false);
    expect(hasStreamPrefix('credits-u1', [])).toBe(false);
  });
});

describe('toEventData', () => {
  it('writes a JSON event whose id is our event id, so ESDB deduplicates on it', () => {
    const event = newEvent('CreditsGranted', { amount: 5 });
    expect(toEventData(event)).toEqual({
      id: event.metadata.eventId,
      contentType: 'application/json',
      type: 'CreditsGranted',
      data: { amount: 5 },
      metadata: event.metadata,
    });
  });
});

describe('toRecordedEvent', () => {
  it('maps a recorded ESDB event to ours', () => {
    const source = esdbEvent();
    expect(toRecordedEvent(source)).toEqual({
      eventId: source.id,
      streamId: 'credits-u1',
      streamVersion: 7,
      type: 'CreditsGranted',
      data: { amount: 5 },
      metadata: source.metadata,
      position: { commit: 1200n, prepare: 1100n },
    });
  });

  it('round-trips what toEventData wrote', () => {
    const event = newEvent('CreditsReserved', { reservationId: 'r1', amount: 5 });
    const data = toEventData(event);
    const recorded = toRecordedEvent(
      esdbEvent({
        id: data.id,
        type: data.type,
        data: data.data,
        metadata: data.metadata,
        revision: 0n,
      }),
    );
    expect(recorded).toMatchObject({
      eventId: event.metadata.eventId,
      streamVersion: 0,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
    });
  });

  it('refuses an event without a position (servers before 22.6 omit it on stream reads)', () => {
    expect(() => toRecordedEvent(esdbEvent({ position: undefined }))).toThrow(/no position/);
  });

  it('refuses an event whose metadata is missing or not JSON', () => {
    expect(() => toRecordedEvent(esdbEvent({ metadata: undefined }))).toThrow(/no JSON metadata/);
    expect(() => toRecordedEvent(esdbEvent({ metadata: new Uint8Array([1, 2]) }))).toThrow(
      /no JSON metadata/,
    );
    expect(() => toRecordedEvent(esdbEvent({ metadata: 'text' }))).toThrow(/no JSON metadata/);
  });
});

describe('isStreamNotFound', () => {
  it("recognises the client's StreamNotFoundError and objects shaped like it", () => {
    expect(isStreamNotFound(new StreamNotFoundError(undefined, 'credits-u1'))).toBe(true);
    expect(isStreamNotFound({ type: 'stream-not-found' })).toBe(true);
  });

  it('is false for anything else', () => {
    expect(isStreamNotFound(new UnavailableError())).toBe(false);
    expect(isStreamNotFound(new Error('stream-not-found'))).toBe(false);
    expect(isStreamNotFound(null)).toBe(false);
    expect(isStreamNotFound('stream-not-found')).toBe(false);
  });
});

describe('toStoreError', () => {
  it('maps a wrong expected version with the actual version the server reported', () => {
    const esdb = new EsdbWrongExpectedVersionError(undefined, {
      streamName: 'credits-u1',
      expected: 1n,
      current: 3n,
    });
    const mapped = toStoreError(esdb, 'credits-u1', 1);
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ streamId: 'credits-u1', expected: 1, actual: 3 });
  });

  it('reports no_stream when the stream does not exist', () => {
    const esdb = new EsdbWrongExpectedVersionError(undefined, {
      streamName: 'credits-u1',
      expected: 0n,
      current: NO_STREAM,
    });
    expect(toStoreError(esdb, 'credits-u1', 0)).toMatchObject({ expected: 0, actual: 'no_stream' });
  });

  it('reports unknown when the actual version is missing', () => {
    const mapped = toStoreError({ type: 'wrong-expected-version' }, 'credits-u1', 'no_stream');
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ expected: 'no_stream', actual: 'unknown' });
  });

  it('passes every other error through untouched', () => {
    const unavailable = new UnavailableError();
    expect(toStoreError(unavailable, 'credits-u1', 'any')).toBe(unavailable);
    const plain = new Error('boom');
    expect(toStoreError(plain, 'credits-u1', 'any')).toBe(plain);
    expect(toStoreError('boom', 'credits-u1', 'any')).toBe('boom');
  });
});
