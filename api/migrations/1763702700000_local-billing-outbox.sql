-- Up Migration
-- The embedded checkout's Stripe-shaped events, kept before they are handed to the webhook handler
-- (written in the same transaction as what they report): a delivery that fails, or a process that
-- stops between the payment and the delivery, is retried until the handler has taken the event.
CREATE TABLE local_billing_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  payload text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  delivered_at timestamptz,
  attempts int NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX local_billing_events_undelivered_idx ON local_billing_events (created_at)
  WHERE delivered_at IS NULL;

-- Down Migration
DROP TABLE local_billing_events;
