import { AppendSignal } from '../append-signal';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type Direction,
  type ReadPosition,
} from '@eventstore/db-client';
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
  fromEsdbPosition,
  hasStreamPrefix,
  isStreamNotFound,
  toEventData,
  toExpectedRevision,
  toReadPosition,
  toRecordedEvent,
  toStoreError,
} from './mapping';

export interface EventStoreDBEventStoreOptions {
  /** Only streams with these prefixes are read from `$all`; system (`$`) streams never are. */
  streamPrefixes?: readonly string[];
}

const MIN_PAGE = 64;
const MAX_PAGE = 4096;

export class EventStoreDBEventStore implements EventStore {
  private readonly appended = new AppendSignal();
  private readonly prefixes: readonly string[];

  constructor(
    private readonly client: EventStoreDBClient,
    options: EventStoreDBEventStoreOptions = {},
  ) {
    this.prefixes = options.streamPrefixes ?? DEFAULT_STREAM_PREFIXES;
  }

  static connect(
    connectionString: string,
    options: EventStoreDBEventStoreOptions = {},
  ): EventStoreDBEventStore {
    return new EventStoreDBEventStore(
      EventStoreDBClient.connectionString(connectionString),
      options,
    );
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expectedRevision = toExpectedRevision(expected);
    const result = await this.client
      .appendToStream(streamId, events.map(toEventData), { expectedRevision })
      .catch((error: unknown) => {
        throw toStoreError(error, streamId, expected);
      });
    // Only with throwOnAppendFailure=false in the connection string; its reported revision is unreliable.
    if (!result.success) throw new WrongExpectedVersionError(streamId, expected, 'unknown');
    this.appended.notify();
    return {
      nextExpectedVersion: Number(result.nextExpectedRevision),
      position: result.position
        ? fromEsdbPosition(result.position)
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

  /**
   * `readAll` of @eventstore/db-client 6.x has no server-side filter (only `subscribeToAll` has), so
   * this pages through `$all` and keeps our streams. It must not stop at a page of foreign events:
   * an empty answer means "caught up" to the caller.
   */
  /** EventStoreDB has no count: page through `$all` (status and progress bars only). */
  async countEventsAfter(after: GlobalPosition): Promise<number> {
    let count = 0;
    let position = after;
    for (;;) {
      const page = await this.readAll(position, 1_000);
      if (page.length === 0) return count;
      count += page.length;
      position = page[page.length - 1]!.position;
    }
  }

  async readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const pageSize = Math.min(Math.max(limit + 1, MIN_PAGE), MAX_PAGE);
    const events: RecordedEvent[] = [];
    let cursor = after;
    for (;;) {
      const from = cursor;
      const page = await this.readAllPage(toReadPosition(from), FORWARDS, pageSize);
      for (const resolved of page) {
        const position = resolved.event?.position;
        // fromPosition is inclusive: the event at the cursor comes back first.
        if (!resolved.event || !position || comparePositions(position, cursor) <= 0) continue;
        cursor = fromEsdbPosition(position);
        if (!hasStreamPrefix(resolved.event.streamId, this.prefixes)) continue;
        events.push(toRecordedEvent(resolved.event));
        if (events.length === limit) return events;
      }
      if (page.length < pageSize || cursor === from) return events;
    }
  }

  async headPosition(): Promise<GlobalPosition | null> {
    let from: ReadPosition = END;
    let cursor: GlobalPosition | null = null;
    for (;;) {
      const page = await this.readAllPage(from, BACKWARDS, MIN_PAGE);
      for (const resolved of page) {
        const position = resolved.event?.position;
        if (!resolved.event || !position) continue;
        if (cursor && comparePositions(position, cursor) >= 0) continue;
        cursor = fromEsdbPosition(position);
        if (hasStreamPrefix(resolved.event.streamId, this.prefixes)) return cursor;
      }
      if (page.length < MIN_PAGE || !cursor) return null;
      from = cursor;
    }
  }

  private async readAllPage(fromPosition: ReadPosition, direction: Direction, maxCount: number) {
    const page: AllStreamResolvedEvent[] = [];
    for await (const resolved of this.client.readAll({ fromPosition, direction, maxCount })) {
      page.push(resolved);
    }
    return page;
  }

  async *subscribe(after: GlobalPosition, signal: AbortSignal): AsyncIterable<RecordedEvent> {
    if (signal.aborted) return;
    const subscription = this.client.subscribeToAll({
      fromPosition: toReadPosition(after),
      filter: streamNameFilter({ prefixes: [...this.prefixes] }),
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
