import { componentLogger, type Logger } from '../../shared/logger';
import type pg from 'pg';
import { AppendSignal } from '../append-signal';
import { settleGroup, type PendingAppend } from './group-commit';
import { GroupCommitQueue, type GroupCommitLimits } from './group-commit-queue';
import { NotificationListener } from './notification-listener';
import {
  NOTIFY_CHANNEL,
  APPEND_SQL,
  APPEND_ONE_SQL,
  EVENT_COLUMNS,
  VISIBLE_BELOW,
  READ_ALL_SQL,
  READ_TYPES_UP_TO_SQL,
  HEAD_SQL,
  type EventRow,
  toRecorded,
  APPEND_GROUP_SQL,
  APPEND_GROUP_CHECKED_SQL,
  type GroupRow,
  expectedParam,
  groupDocument,
} from './event-store-sql';
import {
  DuplicateEventError,
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../event-store';
import { preparedQuery } from '../../infrastructure/postgres/prepared-query';

export interface PostgresEventStoreOptions extends GroupCommitLimits {
  /**
   * Group commit (default on): appends to different streams that arrive while earlier ones are
   * being written go to Postgres together, one statement and one transaction (one WAL flush) for
   * the group, each append with its own expected-version check. Off: every append is its own
   * statement.
   */
  groupCommit?: boolean;
  /**
   * Connection string for a dedicated LISTEN connection, so appends by other processes wake
   * readers at once. Without it readers rely on in-process signals and polling.
   */
  listenConnectionString?: string;
  /** Send NOTIFY after appends (debounced), for readers in other processes. */
  notify?: boolean;
  /** Longest sleep of a waiting reader while the LISTEN connection is down (it polls instead). */
  pollWhileDisconnectedMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

const POLL_WHILE_DISCONNECTED_MS = 100;

const MAX_ANY_VERSION_RETRIES = 10;

export class PostgresEventStore implements EventStore {
  private readonly appended = new AppendSignal();
  /** The LISTEN connection, when configured; it reconnects by itself. */
  readonly listener: NotificationListener | null;
  private notifyTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly groups: GroupCommitQueue;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.groups = new GroupCommitQueue((group) => this.writeGroup(group), options);
    this.listener = options.listenConnectionString
      ? new NotificationListener({
          connectionString: options.listenConnectionString,
          channel: NOTIFY_CHANNEL,
          onWake: () => this.appended.notify(),
          logger: options.logger ?? componentLogger('event-store'),
        })
      : null;
  }

  /** Opens the LISTEN connection when configured (one try; after a failure it retries in the background). */
  async start(): Promise<void> {
    await this.listener?.start();
  }

  async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (this.options.groupCommit === false) return this.appendAlone(streamId, events, expected);
    return this.groups.append(streamId, events, expected);
  }

  private async writeGroup(group: readonly PendingAppend[]): Promise<void> {
    if (group.length === 1) {
      const alone = group[0]!;
      try {
        alone.resolve(await this.appendAlone(alone.streamId, alone.events, alone.expected));
      } catch (error) {
        alone.reject(error);
      }
      return;
    }
    const document = groupDocument(group);
    let rows: GroupRow[] | null;
    try {
      rows = await this.groupStatement('events_append_group', APPEND_GROUP_SQL, document);
      rows ??= await this.groupStatement(
        'events_append_group_checked',
        APPEND_GROUP_CHECKED_SQL,
        document,
      );
    } catch (error) {
      for (const pending of group) pending.reject(error);
      return;
    }
    if (!rows) {
      // A unique violation even with event ids looked up: each append on its own says whose it was.
      await Promise.all(
        group.map(async (pending) => {
          try {
            pending.resolve(
              await this.appendAlone(pending.streamId, pending.events, pending.expected),
            );
          } catch (single) {
            pending.reject(single);
          }
        }),
      );
      return;
    }
    if (settleGroup(group, rows)) this.signalAppend();
  }

  /** A group statement's rows, or null when it failed on a unique violation (nothing written). */
  private async groupStatement(
    name: string,
    text: string,
    document: string,
  ): Promise<GroupRow[] | null> {
    try {
      return (await this.pool.query<GroupRow>(preparedQuery(this.pool, name, text, [document])))
        .rows;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return null;
      throw error;
    }
  }

  /** One append as one statement (a group of one, or group commit off). */
  private async appendAlone(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult> {
    const expectedValue = expectedParam(expected);
    const single = events.length === 1 ? events[0]! : null;
    // Named statements are parsed and planned once per connection, not on every append.
    const query = single
      ? preparedQuery(this.pool, 'events_append_one', APPEND_ONE_SQL, [
          streamId,
          expectedValue,
          single.metadata.eventId,
          single.type,
          JSON.stringify(single.data),
          JSON.stringify(single.metadata),
        ])
      : preparedQuery(this.pool, 'events_append', APPEND_SQL, [
          streamId,
          expectedValue,
          events.map((event) => event.metadata.eventId),
          events.map((event) => event.type),
          events.map((event) => JSON.stringify(event.data)),
          events.map((event) => JSON.stringify(event.metadata)),
        ]);
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.pool.query<{
          commit: string;
          prepare: string;
          stream_version: string;
        }>(query);
        const last = result.rows[result.rows.length - 1];
        if (!last)
          throw new WrongExpectedVersionError(
            streamId,
            expected,
            await this.streamVersion(streamId),
          );
        this.signalAppend();
        return {
          nextExpectedVersion: Number(last.stream_version),
          position: { commit: BigInt(last.commit), prepare: BigInt(last.prepare) },
        };
      } catch (error) {
        const constraint = (error as { constraint?: string }).constraint;
        if (constraint === 'events_event_id_key') throw new DuplicateEventError(streamId);
        if (constraint === 'events_stream_version_key') {
          // A concurrent writer took the version between our read and insert.
          if (expected === 'any' && attempt < MAX_ANY_VERSION_RETRIES) continue;
          throw new WrongExpectedVersionError(streamId, expected, 'unknown');
        }
        throw error;
      }
    }
  }

  private async streamVersion(streamId: string): Promise<number | 'no_stream'> {
    const result = await this.pool.query<{ version: string | null }>(
      'SELECT max(stream_version)::text AS version FROM events WHERE stream_id = $1',
      [streamId],
    );
    const version = result.rows[0]?.version;
    return version == null ? 'no_stream' : Number(version);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2
       ORDER BY stream_version LIMIT $3`,
      [streamId, options.fromVersion ?? 0, options.maxCount ?? null],
    );
    return result.rows.map(toRecorded);
  }

  /** Whether this store's `events` table is in the database of `pool` (so SQL there can read it). */
  readsFrom(pool: pg.Pool): boolean {
    return this.pool === pool;
  }

  async readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>(READ_ALL_SQL, [
      after.commit.toString(),
      after.prepare.toString(),
      limit,
    ]);
    return result.rows.map(toRecorded);
  }

  /**
   * Events of `types` strictly after `after` and at or before `upTo`, in commit order, at most
   * `limit`. `upTo` must come from `headPosition()` (every transaction up to it has ended).
   */
  async readTypesUpTo(
    after: GlobalPosition,
    upTo: GlobalPosition,
    types: readonly string[],
    limit: number,
  ): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>(READ_TYPES_UP_TO_SQL, [
      after.commit.toString(),
      after.prepare.toString(),
      upTo.commit.toString(),
      upTo.prepare.toString(),
      types,
      limit,
    ]);
    return result.rows.map(toRecorded);
  }

  async *subscribe(after: GlobalPosition, signal: AbortSignal): AsyncIterable<RecordedEvent> {
    let position = after;
    while (!signal.aborted) {
      const batch = await this.readAll(position, 500);
      for (const event of batch) {
        if (signal.aborted) return;
        position = event.position;
        yield event;
      }
      if (batch.length === 0) await this.waitForAppend(250, signal);
    }
  }

  async countEventsAfter(after: GlobalPosition): Promise<number> {
    const result = await this.pool.query<{ count: string }>(
      `SELECT count(*) AS count FROM events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < ${VISIBLE_BELOW}`,
      [after.commit.toString(), after.prepare.toString()],
    );
    return Number(result.rows[0]?.count ?? 0);
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const result = await this.pool.query<{ commit: string; prepare: string }>(HEAD_SQL);
    const row = result.rows[0];
    return row ? { commit: BigInt(row.commit), prepare: BigInt(row.prepare) } : null;
  }

  waitForAppend(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    // Without a live LISTEN, appends by other processes wake nobody: sleep briefly and poll.
    const poll = this.options.pollWhileDisconnectedMs ?? POLL_WHILE_DISCONNECTED_MS;
    const listenerDown = this.listener !== null && !this.listener.connected;
    return this.appended.wait(listenerDown ? Math.min(timeoutMs, poll) : timeoutMs, signal);
  }

  /** Wakes local readers now; tells other processes at most every 10 ms (NOTIFY serialises commits). */
  private signalAppend() {
    this.appended.notify();
    if (!this.options.notify || this.notifyTimer || this.closed) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      this.pool.query(`NOTIFY ${NOTIFY_CHANNEL}`).catch(() => undefined);
    }, 10);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.appended.notify();
    await this.listener?.close();
  }
}
