-- Up Migration
-- A delivery claims its event before processing it (one conditional UPDATE): of concurrent
-- deliveries of one event only the claimant processes; the lease lets a retry take over after a crash.
ALTER TABLE stripe_events ADD COLUMN claimed_until timestamptz;

-- A full refund whose invoice has not arrived yet: applied when the invoice is recorded.
CREATE TABLE pending_refunds (
  charge_id text PRIMARY KEY,
  payment_intent_id text NOT NULL,
  event_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_refunds_payment_intent_idx ON pending_refunds (payment_intent_id);

-- Down Migration
DROP TABLE pending_refunds;
ALTER TABLE stripe_events DROP COLUMN claimed_until;
