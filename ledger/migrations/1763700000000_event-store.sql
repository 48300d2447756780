-- Up Migration
CREATE TABLE events (
  global_position bigserial PRIMARY KEY,
  -- The appending transaction; readers order by (transaction_id, global_position) and only read
  -- below the snapshot xmin, so an early-numbered event that commits late is never skipped.
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_version bigint NOT NULL,
  event_id uuid NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version),
  CONSTRAINT events_event_id_key UNIQUE (event_id)
);
CREATE INDEX events_commit_order_idx ON events (transaction_id, global_position);

-- The log is append-only: finance relies on it never changing.
CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only (% refused)', TG_OP;
END $$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_are_immutable();

CREATE TABLE stream_snapshots (
  stream_id text PRIMARY KEY,
  stream_version bigint NOT NULL,
  state_version int NOT NULL,
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE stream_snapshots;
DROP TABLE events;
DROP FUNCTION events_are_immutable();
