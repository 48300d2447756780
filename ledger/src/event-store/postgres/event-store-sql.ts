import type { ExpectedVersion, NewEvent, RecordedEvent } from '../event-store';
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

// Below a position the caller took under the visibility horizon nothing can commit late: no
// horizon here. Only the given types (a rebuild's first pass reads what its batch folds need).
export const READ_TYPES_UP_TO_SQL = `
SELECT ${EVENT_COLUMNS} FROM events
WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
  AND (transaction_id, global_position) <= ($3::text::xid8, $4::bigint)
  AND type = ANY($5::text[])
ORDER BY transaction_id, global_position
LIMIT $6`;

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
// checked against its stream, the accepted ones inserted, and one row per append returned. Event
// ids are random per decision, so a duplicate is a rare retry: it is left to the unique index here
// rather than looked up for every append (that lookup was a sixth of the statement's CPU at 64).
export const APPEND_GROUP_SQL = `
WITH input AS (
  SELECT r.request, r.item->>'s' AS stream_id, (r.item->>'x')::bigint AS expected, r.item->'e' AS events,
    (SELECT coalesce(max(e.stream_version), -1) FROM events e WHERE e.stream_id = r.item->>'s') AS version
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r(item, request)
), inserted AS (
  INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
  SELECT i.stream_id, i.version + k.ordinal, (k.event->>'id')::uuid, k.event->>'type', k.event->'data',
    k.event->'metadata'
  FROM input i, jsonb_array_elements(i.events) WITH ORDINALITY AS k(event, ordinal)
  WHERE i.expected IS NULL OR i.version = i.expected
  ORDER BY i.request, k.ordinal
  RETURNING stream_id, stream_version, global_position
), written AS (
  SELECT stream_id, max(global_position)::text AS prepare, max(stream_version) AS version
  FROM inserted GROUP BY stream_id
)
SELECT i.request::int AS request, CASE WHEN w.version IS NULL THEN 'wrong_version' ELSE 'ok' END AS outcome,
  CASE WHEN w.version IS NULL THEN NULL ELSE pg_current_xact_id()::text END AS commit_id, w.prepare,
  coalesce(w.version, i.version)::text AS version
FROM input i LEFT JOIN written w ON w.stream_id = i.stream_id
ORDER BY i.request`;

// After a unique violation of the group above: the same group again, now with each append's event
// ids looked up, so a duplicate fails only its own append. A violation here too (a writer
// elsewhere took a version, or two appends of the group share an event id) sends each append of
// the group on its own, which gives each its own answer.
export const APPEND_GROUP_CHECKED_SQL = `
WITH input AS (
  SELECT r.request, r.item->>'s' AS stream_id, (r.item->>'x')::bigint AS expected, r.item->'e' AS events
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r(item, request)
), current_version AS (
  SELECT i.*, (SELECT coalesce(max(e.stream_version), -1) FROM events e WHERE e.stream_id = i.stream_id) AS version
  FROM input i
), checked AS (
  SELECT c.*, EXISTS (
    SELECT 1 FROM events e
    WHERE e.event_id = ANY (ARRAY(SELECT (x->>'id')::uuid FROM jsonb_array_elements(c.events) AS x))) AS duplicate
  FROM current_version c
), accepted AS (
  SELECT * FROM checked WHERE NOT duplicate AND (expected IS NULL OR version = expected)
), inserted AS (
  INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
  SELECT a.stream_id, a.version + k.ordinal, (k.event->>'id')::uuid, k.event->>'type', k.event->'data',
    k.event->'metadata'
  FROM accepted a, jsonb_array_elements(a.events) WITH ORDINALITY AS k(event, ordinal)
  ORDER BY a.request, k.ordinal
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

/**
 * A group as the one JSON document APPEND_GROUP_SQL reads: one `JSON.stringify` and one jsonb parse
 * in Postgres, instead of seven arrays that the driver escapes element by element (about half the
 * driver's CPU per group, and a fifth less time in Postgres for a group of 64).
 */
export const groupDocument = (
  group: readonly { streamId: string; expected: ExpectedVersion; events: readonly NewEvent[] }[],
): string =>
  JSON.stringify(
    group.map((pending) => ({
      s: pending.streamId,
      x: expectedParam(pending.expected),
      e: pending.events.map((event) => ({
        id: event.metadata.eventId,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      })),
    })),
  );
