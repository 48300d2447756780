-- Up Migration
-- One-time credit packs (and gifts, which are packs bought for someone else) use Checkout in
-- payment mode. The embedded checkout's sessions say what they sell.
ALTER TABLE local_checkout_sessions
  ADD COLUMN kind text NOT NULL DEFAULT 'plan' CHECK (kind IN ('plan', 'pack', 'gift')),
  ADD COLUMN gift jsonb;

-- Paid pack checkouts as the payment provider reported them (the payment-mode counterpart of
-- billing_invoices): a refunded charge finds its lot here, finance reconciles these.
CREATE TABLE billing_pack_payments (
  checkout_session_id text PRIMARY KEY,
  user_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pack', 'gift')),
  pack_id text NOT NULL,
  amount_paid int NOT NULL,
  currency text NOT NULL,
  payment_intent_id text,
  paid_at timestamptz NOT NULL,
  refunded_at timestamptz
);
CREATE INDEX billing_pack_payments_payment_intent_idx ON billing_pack_payments (payment_intent_id);
CREATE INDEX billing_pack_payments_user_idx ON billing_pack_payments (user_id, paid_at DESC);

-- Down Migration
DROP TABLE billing_pack_payments;
ALTER TABLE local_checkout_sessions DROP COLUMN gift, DROP COLUMN kind;
