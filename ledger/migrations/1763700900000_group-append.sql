-- Up Migration
-- Group commit: appends to different streams, gathered while the previous group commits, are
-- written by one call in one transaction (one WAL flush). Each append runs in its own
-- subtransaction, so its expected-version check and unique constraints hold for it alone: a
-- conflict in one append leaves the others in its group untouched. One row per append:
-- outcome 'ok' with the position and version of its last event, 'wrong_version' with the
-- stream's current version, or the name of the violated unique constraint.
CREATE FUNCTION events_append_group(
  p_streams text[], p_expected bigint[], p_counts int[],
  p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[])
RETURNS TABLE (request int, outcome text, commit_id text, prepare text, version bigint)
LANGUAGE plpgsql AS $$
DECLARE
  offs int := 0;
  current_version bigint;
  violated text;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_streams, 1), 0) LOOP
    request := i;
    BEGIN
      SELECT coalesce(max(e.stream_version), -1) INTO current_version
        FROM events e WHERE e.stream_id = p_streams[i];
      IF p_expected[i] IS NOT NULL AND current_version <> p_expected[i] THEN
        outcome := 'wrong_version'; commit_id := NULL; prepare := NULL; version := current_version;
      ELSE
        WITH inserted AS (
          INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
          SELECT p_streams[i], current_version + k, p_event_ids[offs + k], p_types[offs + k],
            p_data[offs + k], p_metadata[offs + k]
          FROM generate_series(1, p_counts[i]) AS k
          ORDER BY k
          RETURNING transaction_id, global_position, stream_version
        )
        SELECT max(transaction_id::text), max(global_position)::text, max(stream_version)
          INTO commit_id, prepare, version FROM inserted;
        outcome := 'ok';
      END IF;
    EXCEPTION WHEN unique_violation THEN
      GET STACKED DIAGNOSTICS violated = CONSTRAINT_NAME;
      outcome := violated; commit_id := NULL; prepare := NULL; version := NULL;
    END;
    RETURN NEXT;
    offs := offs + p_counts[i];
  END LOOP;
END $$;

-- Down Migration
DROP FUNCTION events_append_group(text[], bigint[], int[], uuid[], text[], jsonb[], jsonb[]);
