-- Up Migration
-- Every Stripe event received, by id: a redelivered event has no second effect.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  event_created_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  last_error text
);

CREATE TABLE billing_customers (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Paid invoices as Stripe reported them; finance reconciles these against the ledger's purchases.
CREATE TABLE billing_invoices (
  invoice_id text PRIMARY KEY,
  user_id uuid NOT NULL,
  customer_id text,
  subscription_id text,
  plan_id text NOT NULL,
  amount_paid int NOT NULL,
  currency text NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  payment_intent_id text,
  paid_at timestamptz NOT NULL,
  refunded_at timestamptz
);
CREATE INDEX billing_invoices_user_idx ON billing_invoices (user_id, period_start DESC);
CREATE INDEX billing_invoices_payment_intent_idx ON billing_invoices (payment_intent_id);

-- Free plan: one monthly allowance per user and month.
CREATE TABLE free_allowance_grants (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  month date NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, month)
);

-- The embedded checkout (PAYMENTS=local) keeps Stripe-like objects of its own.
CREATE TABLE local_checkout_sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE TABLE local_subscriptions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  customer_id text NOT NULL,
  plan_id text NOT NULL,
  status text NOT NULL,
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE local_portal_sessions (
  id text PRIMARY KEY,
  customer_id text NOT NULL,
  return_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE local_portal_sessions;
DROP TABLE local_subscriptions;
DROP TABLE local_checkout_sessions;
DROP TABLE free_allowance_grants;
DROP TABLE billing_invoices;
DROP TABLE billing_customers;
DROP TABLE stripe_events;
