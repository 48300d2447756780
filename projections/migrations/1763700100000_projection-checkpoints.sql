-- Up Migration
CREATE TABLE projection_checkpoints (
  name text NOT NULL,
  -- Physical version: the tables are <table>_v<version>. Each rebuild takes the next one.
  version int NOT NULL,
  -- The projection code's version that fills it; the runner only writes where they match.
  schema_version int NOT NULL,
  -- building: filling from the start of the log; live: behind the view; retired: replaced.
  status text NOT NULL CHECK (status IN ('building', 'live', 'retired')),
  position_commit bigint NOT NULL DEFAULT 0,
  position_prepare bigint NOT NULL DEFAULT 0,
  events_applied bigint NOT NULL DEFAULT 0,
  -- Head of the log when a rebuild started: the denominator of its progress bar.
  build_target bigint,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, version)
);
CREATE UNIQUE INDEX projection_one_live_version ON projection_checkpoints (name) WHERE status = 'live';

-- Down Migration
DROP TABLE projection_checkpoints;
