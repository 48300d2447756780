import {
  ANY,
  STREAM_NAME,
  NO_STREAM,
  START,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { newEvent } from '../event-store.conformance';
import { START_POSITION, WrongExpectedVersionError } from '../event-store';
import {
  DEFAULT_STREAM_PREFIXES,
  fromKurrentPosition,
  hasStreamPrefix,
  isStreamNotFound,
  normalizeConnectionString,
  prefixFilter,
  toEventData,
  toStreamState,
  toReadPosition,
  toRecordedEvent,
  toStoreError,
} from './mapping';

const kurrentEvent = (overrides: Partial<Record<string, unknown>> = {}): KurrentRecordedEvent => {
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
  } as KurrentRecordedEvent;
};

describe('toStreamState', () => {
  it('maps the conditions to the client constants', () => {
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
  });

  it('maps a version to the bigint revision of the last event', () => {
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState(41)).toBe(41n);
  });

  it('treats -1 as an empty stream, like the Postgres adapter', () => {
    expect(toStreamState(-1)).toBe(NO_STREAM);
  });

  it('refuses versions that cannot exist', () => {
    for (const bad of [-2, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => toStreamState(bad)).toThrow(RangeError);
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
    expect(fromKurrentPosition({ commit: 9007199254740993n, prepare: 3n })).toEqual({
      commit: 9007199254740993n,
      prepare: 3n,
    });
  });
});

describe('hasStreamPrefix', () => {
  it('keeps our streams and drops system and foreign ones', () => {
    for (const stream of [
      'credits-u1',
      'subscription-u1',
      'generation-g1',
      'gift-g1',
      'conformance-x',
    ]) {
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
    const source = kurrentEvent();
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
      kurrentEvent({
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
    expect(() => toRecordedEvent(kurrentEvent({ position: undefined }))).toThrow(/no position/);
  });

  it('refuses an event whose metadata is missing or not JSON', () => {
    expect(() => toRecordedEvent(kurrentEvent({ metadata: undefined }))).toThrow(
      /no JSON metadata/,
    );
    expect(() => toRecordedEvent(kurrentEvent({ metadata: new Uint8Array([1, 2]) }))).toThrow(
      /no JSON metadata/,
    );
    expect(() => toRecordedEvent(kurrentEvent({ metadata: 'text' }))).toThrow(/no JSON metadata/);
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
    const original = new KurrentWrongExpectedVersionError(undefined, {
      streamName: 'credits-u1',
      expected: 1n,
      current: 3n,
    });
    const mapped = toStoreError(original, 'credits-u1', 1);
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ streamId: 'credits-u1', expected: 1, actual: 3 });
  });

  it('reports no_stream when the stream does not exist', () => {
    const original = new KurrentWrongExpectedVersionError(undefined, {
      streamName: 'credits-u1',
      expected: 0n,
      current: NO_STREAM,
    });
    expect(toStoreError(original, 'credits-u1', 0)).toMatchObject({
      expected: 0,
      actual: 'no_stream',
    });
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

describe('normalizeConnectionString', () => {
  it('accepts kurrentdb:// as it is and rewrites esdb:// (with or without +discover)', () => {
    expect(normalizeConnectionString('kurrentdb://localhost:2113?tls=false')).toBe(
      'kurrentdb://localhost:2113?tls=false',
    );
    expect(normalizeConnectionString(' esdb://admin:changeit@db:2113?tls=false ')).toBe(
      'kurrentdb://admin:changeit@db:2113?tls=false',
    );
    expect(normalizeConnectionString('esdb+discover://a:2113,b:2113')).toBe(
      'kurrentdb+discover://a:2113,b:2113',
    );
    expect(normalizeConnectionString('kdb://localhost:2113')).toBe('kdb://localhost:2113');
  });

  it('refuses other schemes with a message naming the expected one', () => {
    expect(() => normalizeConnectionString('postgres://localhost/x')).toThrow(/kurrentdb:\/\//);
    expect(() => normalizeConnectionString('localhost:2113')).toThrow(/kurrentdb:\/\//);
  });
});

describe('prefixFilter', () => {
  it('filters $all on the server by our stream-name prefixes', () => {
    expect(prefixFilter(DEFAULT_STREAM_PREFIXES)).toMatchObject({
      filterOn: STREAM_NAME,
      prefixes: [...DEFAULT_STREAM_PREFIXES],
    });
  });
});
