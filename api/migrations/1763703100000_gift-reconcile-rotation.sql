-- Up Migration
-- The gift reconciler reads the gifts it checked longest ago first, a page per run, and stamps
-- each one it checks: unredeemed gifts (which stay unsettled for as long as nobody redeems them)
-- no longer keep the same first page, and every unsettled gift is checked in turn.
ALTER TABLE gifts ADD COLUMN reconciled_at timestamptz;
DROP INDEX gifts_unsettled_idx;
CREATE INDEX gifts_unsettled_idx ON gifts (reconciled_at NULLS FIRST, created_at)
  WHERE settled_at IS NULL;

-- Down Migration
DROP INDEX gifts_unsettled_idx;
ALTER TABLE gifts DROP COLUMN reconciled_at;
CREATE INDEX gifts_unsettled_idx ON gifts (created_at) WHERE settled_at IS NULL;
