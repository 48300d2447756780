-- Up Migration
-- Idempotency keys of commands that move credits or money (Stripe's Idempotency-Key semantics):
-- the first request with a key claims it (one INSERT … ON CONFLICT), a repeat answers its result.
CREATE TABLE idempotency_keys (
  -- the operation and who asked: a key is only ever compared within its scope
  scope text NOT NULL,
  key text NOT NULL,
  -- what was asked (hash of the parameters): the same key with other parameters is refused
  fingerprint text NOT NULL,
  response jsonb,
  -- while the first request runs; a crashed one's claim can be taken over after it
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

-- Down Migration
DROP TABLE idempotency_keys;
