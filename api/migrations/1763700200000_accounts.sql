-- Up Migration
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  username text NOT NULL,
  full_name text,
  password_hash text,
  google_subject text UNIQUE,
  profile_image_url text,
  roles text[] NOT NULL DEFAULT '{}',
  -- Set while the signup grant is not yet in the ledger; a reconciler finishes it after a crash.
  signup_grant_pending_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_signup_pending_idx ON users (signup_grant_pending_since) WHERE signup_grant_pending_since IS NOT NULL;

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- sha256 of the opaque token; the token itself is never stored.
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Fixed-window counters for login and registration limits, shared by every API replica.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  hits int NOT NULL
);

-- Down Migration
DROP TABLE rate_limit_counters;
DROP TABLE sessions;
DROP TABLE users;
