-- Up Migration
-- Each run of the ledger audit (an operator action, not money): what it compared and what differed.
CREATE TABLE ledger_audit_runs (
  id uuid PRIMARY KEY,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  -- 'cli', 'operator' or the staff member's user id
  run_by text NOT NULL,
  events_read int NOT NULL,
  accounts_checked int NOT NULL,
  subscriptions_checked int NOT NULL,
  credits_position text NOT NULL,
  subscriptions_position text NOT NULL,
  mismatch_count int NOT NULL,
  -- at most the first 500 mismatches
  mismatches jsonb NOT NULL
);
CREATE INDEX ledger_audit_runs_recent_idx ON ledger_audit_runs (finished_at DESC);

-- Down Migration
DROP TABLE ledger_audit_runs;
