import { AppendSignal } from '../append-signal';
import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  type AllStreamResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  WrongExpectedVersionError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../event-store';
import {
  DEFAULT_STREAM_PREFIXES,
  fromKurrentPosition,
  hasStreamPrefix,
  normalizeConnectionString,
  prefixFilter,
  isStreamNotFound,
  toEventData,
  toStreamState,
  toReadPosition,
  toRecordedEvent,
  toStoreError,
} from './mapping';

export interface KurrentDBEventStoreOptions {
  /** Only streams with these prefixes are read from `$all`; system (`$`) streams never are. */
  streamPrefixes?: readonly string[];
}

const MAX_PAGE = 4096;

export class KurrentDBEventStore implements EventStore {
  private readonly appended = new AppendSignal();
  private readonly prefixes: readonly string[];

  constructor(
    private readonly client: KurrentDBClient,
    options: KurrentDBEventStoreOptions = {},
  ) {
    this.prefixes = options.streamPrefixes ?? DEFAULT_STREAM_PREFIXES;
  }

  static connect(
    connectionString: string,
    options: KurrentDBEventStoreOptions = {},
  ): KurrentDBEventStore {
    return new KurrentDBEventStore(
      KurrentDBClient.connectionString(normalizeConnectionString(connectionString)),
      options,
    );
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const streamState = toStreamState(expected);
    const result = await this.client
      .appendToStream(streamId, events.map(toEventData), { streamState })
      .catch((error: unknown) => {
        throw toStoreError(error, streamId, expected);
      });
    // Only with throwOnAppendFailure=false in the connection string; its reported revision is unreliable.
    if (!result.success) throw new WrongExpectedVersionError(streamId, expected, 'unknown');
    this.appended.notify();
    return {
      nextExpectedVersion: Number(result.nextExpectedRevision),
      position: result.position
        ? fromKurrentPosition(result.position)
        : await this.lastPositionOf(streamId),
    };
  }

  /** For an append the server acknowledged without a position (an idempotent retry, older servers). */
  private async lastPositionOf(streamId: string): Promise<GlobalPosition> {
    const read = this.client.readStream(streamId, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    });
    for await (const resolved of read) {
      if (resolved.event) return toRecordedEvent(resolved.event).position;
    }
    throw new Error(`Appended to ${streamId} but cannot read its last event back`);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const fromRevision = BigInt(Math.max(0, options.fromVersion ?? 0));
    const events: RecordedEvent[] = [];
    try {
      const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
      for await (const resolved of this.client.readStream(streamId, { fromRevision, maxCount })) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return events;
  }

  /** KurrentDB has no count: page through our part of `$all` (status and progress bars only). */
  async countEventsAfter(after: GlobalPosition): Promise<number> {
    let count = 0;
    let position = after;
    for (;;) {
      const page = await this.readAll(position, MAX_PAGE);
      if (page.length === 0) return count;
      count += page.length;
      position = page[page.length - 1]!.position;
    }
  }

  /**
   * Our events in `$all` after a position, filtered on the server by stream prefix: foreign and
   * system events never cross the wire. `fromPosition` is inclusive, so one more is asked for and
   * the event at `after` itself is dropped.
   */
  async readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const events: RecordedEvent[] = [];
    const read = this.client.readAll({
      fromPosition: toReadPosition(after),
      direction: FORWARDS,
      maxCount: limit + 1,
      filter: prefixFilter(this.prefixes),
    });
    for await (const resolved of read) {
      const event = resolved.event;
      if (!event?.position || comparePositions(event.position, after) <= 0) continue;
      // The server filtered already; this guards against a server that ignores the filter.
      if (!hasStreamPrefix(event.streamId, this.prefixes)) continue;
      events.push(toRecordedEvent(event));
      if (events.length === limit) break;
    }
    return events;
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const read = this.client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: prefixFilter(this.prefixes),
    });
    for await (const resolved of read) {
      const event = resolved.event;
      if (event?.position && hasStreamPrefix(event.streamId, this.prefixes))
        return fromKurrentPosition(event.position);
    }
    return null;
  }

  async *subscribe(after: GlobalPosition, signal: AbortSignal): AsyncIterable<RecordedEvent> {
    if (signal.aborted) return;
    const subscription = this.client.subscribeToAll({
      fromPosition: toReadPosition(after),
      filter: prefixFilter(this.prefixes),
    });
    const iterator = subscription[Symbol.asyncIterator]();
    let onAbort!: () => void;
    const aborted = new Promise<null>((resolve) => {
      onAbort = () => resolve(null);
    });
    signal.addEventListener('abort', onAbort, { once: true });
    let pending: Promise<IteratorResult<AllStreamResolvedEvent>> | null = null;
    try {
      while (!signal.aborted) {
        pending = iterator.next();
        const next = await Promise.race([pending, aborted]);
        if (!next || next.done) return;
        pending = null;
        const event = next.value.event;
        // Whether the server treats fromPosition as inclusive or not, nothing at or before `after` leaks.
        if (!event?.position || comparePositions(event.position, after) <= 0) continue;
        if (!hasStreamPrefix(event.streamId, this.prefixes)) continue;
        yield toRecordedEvent(event);
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      pending?.catch(() => undefined);
      await subscription.unsubscribe().catch(() => undefined);
      subscription.destroy();
    }
  }

  waitForAppend(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return this.appended.wait(timeoutMs, signal);
  }

  async close(): Promise<void> {
    this.appended.notify();
    await this.client.dispose();
  }
}
