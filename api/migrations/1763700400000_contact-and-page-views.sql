-- Up Migration
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  email text NOT NULL,
  subject text,
  category text NOT NULL,
  message text NOT NULL,
  gdpr_consent boolean NOT NULL,
  marketing_consent boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz,
  handled_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX contact_messages_inbox_idx ON contact_messages (category, created_at DESC);

-- First-party page-view counts: a path and a day, nothing about the visitor.
CREATE TABLE page_view_counts (
  path text NOT NULL,
  day date NOT NULL,
  views bigint NOT NULL,
  PRIMARY KEY (path, day)
);

-- Down Migration
DROP TABLE page_view_counts;
DROP TABLE contact_messages;
