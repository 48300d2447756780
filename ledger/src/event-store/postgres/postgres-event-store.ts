import { componentLogger, type Logger } from '../../shared/logger';
import type pg from 'pg';
import { AppendSignal } from '../append-signal';
import { NotificationListener } from './notification-listener';
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
import type { EventMetadata } from '../../shared/metadata';
import { preparedQuery } from '../../infrastructure/postgres/prepared-query';

const NOTIFY_CHANNEL = 'events_appended';

const APPEND_SQL = `
WITH current_version AS (
  SELECT coalesce(max(stream_version), -1) AS version FROM events WHERE stream_id = $1
), input AS (
  SELECT * FROM unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])
    WITH ORDINALITY AS i(event_id, type, data, metadata, ordinal)
)
INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
SELECT $1, current_version.version + input.ordinal, input.event_id, input.type, input.data, input.metadata
FROM current_version, input
WHERE $2::bigint IS NULL OR current_version.version = $2::bigint
ORDER BY input.ordinal
RETURNING transaction_id::text AS commit, global_position::text AS prepare, stream_version`;

// The common case, one event, without arrays to build and unnest.
const APPEND_ONE_SQL = `
INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
SELECT $1, current_version.version + 1, $3, $4, $5, $6
FROM (SELECT coalesce(max(stream_version), -1) AS version FROM events WHERE stream_id = $1) AS current_version
WHERE $2::bigint IS NULL OR current_version.version = $2::bigint
RETURNING transaction_id::text AS commit, global_position::text AS prepare, stream_version`;

const EVENT_COLUMNS = `event_id, stream_id, stream_version, type, data, metadata,
  transaction_id::text AS commit, global_position::text AS prepare`;

// Readers see only events below the oldest transaction still running in *this* database (or their
// own): a later commit of an older transaction can then never be skipped. Transactions of other
// databases in the same cluster cannot write our events, so they do not hold readers back (plain
// pg_snapshot_xmin is cluster-wide: one long write anywhere would stall every projection).
const VISIBLE_BELOW = `least(
  coalesce(
    (SELECT min(running) FROM pg_snapshot_xip(pg_current_snapshot()) AS running
     WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity AS other
                       WHERE other.datname <> current_database() AND other.backend_xid = running::xid)),
    pg_snapshot_xmax(pg_current_snapshot())),
  pg_current_xact_id_if_assigned())`;

const READ_ALL_SQL = `
SELECT ${EVENT_COLUMNS} FROM events
WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
  AND transaction_id < ${VISIBLE_BELOW}
ORDER BY transaction_id, global_position
LIMIT $3`;

const HEAD_SQL = `
SELECT transaction_id::text AS commit, global_position::text AS prepare FROM events
WHERE transaction_id < ${VISIBLE_BELOW}
ORDER BY transaction_id DESC, global_position DESC
LIMIT 1`;

interface EventRow {
  event_id: string;
  stream_id: string;
  stream_version: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  commit: string;
  prepare: string;
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  streamVersion: Number(row.stream_version),
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
});

export interface PostgresEventStoreOptions {
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
/** Appends per group (one statement). */
const MAX_GROUP = 64;
/** Groups written at once (each on its own connection); a stream is in at most one of them. */
const MAX_GROUPS_IN_FLIGHT = 4;

// A group of appends to distinct streams as one statement: each append's expected version is
// checked against its stream, the accepted ones inserted, and one row per append returned. A
// unique violation (a writer elsewhere took a version, or a duplicate event id) fails the whole
// statement; then each append of the group is retried on its own, which gives each its own answer.
const APPEND_GROUP_SQL = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[]) WITH ORDINALITY AS r(stream_id, expected, n, request)
), current_version AS (
  SELECT r.*, (SELECT coalesce(max(e.stream_version), -1) FROM events e WHERE e.stream_id = r.stream_id) AS version,
    sum(r.n) OVER (ORDER BY r.request) - r.n AS first_index
  FROM input r
), checked AS (
  SELECT c.*, EXISTS (
    SELECT 1 FROM events e
    WHERE e.event_id = ANY (($4::uuid[])[c.first_index + 1 : c.first_index + c.n])) AS duplicate
  FROM current_version c
), accepted AS (
  SELECT * FROM checked WHERE NOT duplicate AND (expected IS NULL OR version = expected)
), inserted AS (
  INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
  SELECT a.stream_id, a.version + k, ($4::uuid[])[a.first_index + k], ($5::text[])[a.first_index + k],
    ($6::jsonb[])[a.first_index + k], ($7::jsonb[])[a.first_index + k]
  FROM accepted a, generate_series(1, a.n) AS k
  ORDER BY a.first_index + k
  RETURNING stream_id, stream_version, transaction_id, global_position
)
SELECT c.request::int AS request,
  CASE WHEN a.request IS NOT NULL THEN 'ok' WHEN c.duplicate THEN 'duplicate' ELSE 'wrong_version' END AS outcome,
  (SELECT max(i.transaction_id::text) FROM inserted i WHERE i.stream_id = c.stream_id) AS commit_id,
  (SELECT max(i.global_position)::text FROM inserted i WHERE i.stream_id = c.stream_id) AS prepare,
  coalesce((SELECT max(i.stream_version) FROM inserted i WHERE i.stream_id = c.stream_id), c.version)::text AS version
FROM checked c LEFT JOIN accepted a ON a.request = c.request
ORDER BY c.request`;

interface PendingAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedVersion;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

interface GroupRow {
  request: number;
  outcome: string;
  commit_id: string | null;
  prepare: string | null;
  version: string | null;
}

const expectedParam = (expected: ExpectedVersion) =>
  expected === 'any' ? null : expected === 'no_stream' ? -1 : expected;

export class PostgresEventStore implements EventStore {
  private readonly appended = new AppendSignal();
  /** The LISTEN connection, when configured; it reconnects by itself. */
  readonly listener: NotificationListener | null;
  private notifyTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly waiting: PendingAppend[] = [];
  private readonly streamsInFlight = new Set<string>();
  private groupsInFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
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
    return new Promise<AppendResult>((resolve, reject) => {
      this.waiting.push({ streamId, events, expected, resolve, reject });
      this.startGroups();
    });
  }

  /** Starts groups while fewer than MAX_GROUPS_IN_FLIGHT are being written and appends wait. */
  private startGroups() {
    while (this.groupsInFlight < MAX_GROUPS_IN_FLIGHT && this.waiting.length > 0) {
      const group: PendingAppend[] = [];
      const later: PendingAppend[] = [];
      const streams = new Set<string>();
      for (const pending of this.waiting) {
        // One append per stream per group, and none for a stream a running group writes: the
        // next append to a stream sees the version the previous one made.
        const free = !streams.has(pending.streamId) && !this.streamsInFlight.has(pending.streamId);
        if (free && group.length < MAX_GROUP) {
          group.push(pending);
          streams.add(pending.streamId);
        } else later.push(pending);
      }
      if (group.length === 0) return;
      this.waiting.splice(0, this.waiting.length, ...later);
      this.groupsInFlight++;
      for (const stream of streams) this.streamsInFlight.add(stream);
      void this.writeGroup(group).finally(() => {
        this.groupsInFlight--;
        for (const stream of streams) this.streamsInFlight.delete(stream);
        this.startGroups();
      });
    }
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
    const all = group.flatMap((pending) => pending.events);
    let rows: GroupRow[];
    try {
      const result = await this.pool.query<GroupRow>(
        preparedQuery(this.pool, 'events_append_group', APPEND_GROUP_SQL, [
          group.map((pending) => pending.streamId),
          group.map((pending) => expectedParam(pending.expected)),
          group.map((pending) => pending.events.length),
          all.map((event) => event.metadata.eventId),
          all.map((event) => event.type),
          all.map((event) => JSON.stringify(event.data)),
          all.map((event) => JSON.stringify(event.metadata)),
        ]),
      );
      rows = result.rows;
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') {
        for (const pending of group) pending.reject(error);
        return;
      }
      // A unique violation somewhere in the group: each append on its own says whose it was.
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
    if (appended) this.signalAppend();
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

  async readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>(READ_ALL_SQL, [
      after.commit.toString(),
      after.prepare.toString(),
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
