-- Up Migration
-- Mail kept in the database when no SMTP server is configured (the embedded default): the server
-- prints each one to its log and admins read them in the staff console. Erased with its user.
CREATE TABLE outbox_mail (
  id uuid PRIMARY KEY,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_mail_created_idx ON outbox_mail (created_at DESC);
CREATE INDEX outbox_mail_user_idx ON outbox_mail (user_id);

-- Single-use links sent by mail (password reset, email verification, change of email). Only the
-- sha256 of the token is stored; a leaked table opens nothing.
CREATE TABLE account_tokens (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_verification', 'email_change')),
  -- The address being verified (email_verification, email_change).
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);

ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
-- Set when the account is erased: the row stays (ids only) so the ledger's references resolve.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
-- How the session was opened (password, google, reset): deleting an account wants a fresh proof.
ALTER TABLE sessions ADD COLUMN auth_method text;

-- "Download my data": built in the background into a blob, downloadable until it expires.
CREATE TABLE data_exports (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'running', 'ready', 'failed')),
  blob_key text,
  size_bytes bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  ready_at timestamptz,
  expires_at timestamptz,
  error text
);
-- At most one export in the making per user, decided by the database.
CREATE UNIQUE INDEX data_exports_one_open ON data_exports (user_id) WHERE status IN ('pending', 'running');
CREATE INDEX data_exports_user_idx ON data_exports (user_id, created_at DESC);

-- Down Migration
DROP TABLE data_exports;
ALTER TABLE sessions DROP COLUMN auth_method;
ALTER TABLE users DROP COLUMN deleted_at;
ALTER TABLE users DROP COLUMN email_verified_at;
DROP TABLE account_tokens;
DROP TABLE outbox_mail;
