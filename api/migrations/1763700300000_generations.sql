-- Up Migration
-- Operational state of each generation, with the personal data the event log must not hold
-- (the prompt). The ledger has the money; the generation_history read model has the timeline.
CREATE TABLE generation_requests (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  style text NOT NULL,
  prompt text NOT NULL,
  idempotency_key text,
  provider text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  prediction_id text,
  deadline timestamptz NOT NULL,
  upload_key text,
  result_key text,
  error_code text,
  error_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CONSTRAINT generation_requests_idempotency_key UNIQUE (user_id, idempotency_key)
);
CREATE INDEX generation_requests_pending_idx ON generation_requests (deadline) WHERE status = 'pending';
CREATE INDEX generation_requests_user_idx ON generation_requests (user_id, created_at DESC);

-- Down Migration
DROP TABLE generation_requests;
