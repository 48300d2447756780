-- Up Migration
-- The embedded checkout remembers which payments it refunded, as Stripe does: a refund happens once,
-- and finance's reconciliation asks it which gift payments came back.
ALTER TABLE local_checkout_sessions ADD COLUMN refunded_at timestamptz;

-- Down Migration
ALTER TABLE local_checkout_sessions DROP COLUMN refunded_at;
