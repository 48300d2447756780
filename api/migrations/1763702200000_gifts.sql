-- Up Migration
-- Gift codes. The gift's life (issued, redeemed, voided) is its ledger stream `gift-<id>`; this
-- table holds what must not go into the log (the recipient's address, the buyer's message), the
-- lookup by code hash, and the code sealed for its buyer. `settled_at` marks gifts the
-- reconciler no longer needs to look at (credits written, or refund asked for).
CREATE TABLE gifts (
  gift_id text PRIMARY KEY,
  buyer_id uuid NOT NULL,
  pack_id text NOT NULL,
  credits integer NOT NULL CHECK (credits > 0),
  payment_ref text NOT NULL UNIQUE,
  amount_paid_cents integer NOT NULL,
  currency text NOT NULL,
  paid_at timestamptz NOT NULL,
  code_hash text NOT NULL UNIQUE,
  code_sealed text NOT NULL,
  recipient_email text,
  message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX gifts_buyer_idx ON gifts (buyer_id, created_at DESC);
CREATE INDEX gifts_unsettled_idx ON gifts (created_at) WHERE settled_at IS NULL;

-- What a gift checkout's buyer wrote (recipient, message), until its payment issues the gift.
CREATE TABLE gift_orders (
  checkout_session_id text PRIMARY KEY,
  buyer_id uuid NOT NULL,
  recipient_email text,
  message text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE gift_orders;
DROP TABLE gifts;
