import type { ExpectedVersion, RecordedEvent } from '../event-store';
import type { EventMetadata } from '../../shared/metadata';

// The Postgres event store's statements and the rows they return.

export const NOTIFY_CHANNEL = 'events_appended';

export const APPEND_SQL = `
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
export const APPEND_ONE_SQL = `
INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
SELECT $1, current_version.version + 1, $3, $4, $5, $6
FROM (SELECT coalesce(max(stream_version), -1) AS version FROM events WHERE stream_id = $1) AS current_version
WHERE $2::bigint IS NULL OR current_version.version = $2::bigint
RETURNING transaction_id::text AS commit, global_position::text AS prepare, stream_version`;

export const EVENT_COLUMNS = `event_id, stream_id, stream_version, type, data, metadata,
  transaction_id::text AS commit, global_position::text AS prepare`;

// Readers see only events below the oldest transaction still running in *this* database (or their
// own): a later commit of an older transaction can then never be skipped. Transactions of other
// databases in the same cluster cannot write our events, so they do not hold readers back (plain
// pg_snapshot_xmin is cluster-wide: one long write anywhere would stall every projection).
export const VISIBLE_BELOW = `least(
  coalesce(
    (SELECT min(running) FROM pg_snapshot_xip(pg_current_snapshot()) AS running
     WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity AS other
                       WHERE other.datname <> current_database() AND other.backend_xid = running::xid)),
    pg_snapshot_xmax(pg_current_snapshot())),
  pg_current_xact_id_if_assigned())`;

export const READ_ALL_SQL = `
SELECT ${EVENT_COLUMNS} FROM events
WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
  AND transaction_id < ${VISIBLE_BELOW}
ORDER BY transaction_id, global_position
LIMIT $3`;

export const HEAD_SQL = `
SELECT transaction_id::text AS commit, global_position::text AS prepare FROM events
WHERE transaction_id < ${VISIBLE_BELOW}
ORDER BY transaction_id DESC, global_position DESC
LIMIT 1`;

export interface EventRow {
  event_id: string;
  stream_id: string;
  stream_version: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  commit: string;
  prepare: string;
}

export const toRecorded = (row: EventRow): RecordedEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  streamVersion: Number(row.stream_version),
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
});

// A group of appends to distinct streams as one statement: each append's expected version is
// checked against its stream, the accepted ones inserted, and one row per append returned. A
// unique violation (a writer elsewhere took a version, or a duplicate event id) fails the whole
// statement; then each append of the group is retried on its own, which gives each its own answer.
export const APPEND_GROUP_SQL = `
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
), written AS (
  SELECT stream_id, max(transaction_id::text) AS commit_id, max(global_position)::text AS prepare,
    max(stream_version) AS version
  FROM inserted GROUP BY stream_id
)
SELECT c.request::int AS request,
  CASE WHEN a.request IS NOT NULL THEN 'ok' WHEN c.duplicate THEN 'duplicate' ELSE 'wrong_version' END AS outcome,
  w.commit_id, w.prepare, coalesce(w.version, c.version)::text AS version
FROM checked c LEFT JOIN accepted a ON a.request = c.request
  LEFT JOIN written w ON w.stream_id = c.stream_id
ORDER BY c.request`;

export interface GroupRow {
  request: number;
  outcome: string;
  commit_id: string | null;
  prepare: string | null;
  version: string | null;
}

export const expectedParam = (expected: ExpectedVersion) =>
  expected === 'any' ? null : expected === 'no_stream' ? -1 : expected;
