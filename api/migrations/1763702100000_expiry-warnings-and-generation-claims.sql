-- Up Migration
-- One row per expiring lot a warning was decided for: the primary key is what makes it exactly
-- one warning per lot, however many API replicas run the job at once. A run claims a row
-- (claimed_at) before it mails, so a crash mid-mail lets a later run send it, never two at once.
CREATE TABLE credit_expiry_warnings (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lot_id text NOT NULL,
  credits int NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  -- mailed, or spent: the credits were used before the mail went out (nothing to warn about).
  outcome text CHECK (outcome IN ('mailed', 'spent')),
  finished_at timestamptz,
  PRIMARY KEY (user_id, lot_id)
);
CREATE INDEX credit_expiry_warnings_open_idx ON credit_expiry_warnings (created_at) WHERE outcome IS NULL;

-- "Doesn't look like me": an owner's claim of a generation's credits. One per generation (the
-- primary key); the limits are checked under a per-user advisory lock before the insert. A claim
-- is pending until its ledger refund is written (a job completes one a crash left pending).
CREATE TABLE generation_claims (
  generation_id uuid PRIMARY KEY REFERENCES generation_requests(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  style text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('does_not_look_like_me', 'wrong_style', 'broken_image', 'other')),
  refund_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'refunded')),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz
);
CREATE INDEX generation_claims_user_idx ON generation_claims (user_id, claimed_at DESC);
CREATE INDEX generation_claims_pending_idx ON generation_claims (claimed_at) WHERE status = 'pending';

-- Down Migration
DROP TABLE generation_claims;
DROP TABLE credit_expiry_warnings;
