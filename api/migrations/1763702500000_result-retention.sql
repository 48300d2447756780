-- Up Migration
-- Generated images are kept RESULT_RETENTION_DAYS after delivery; the sweep stamps the row when it
-- claims it (one replica wins the row) and the image route then answers "expired".
ALTER TABLE generation_requests ADD COLUMN result_expired_at timestamptz;
CREATE INDEX generation_requests_retention_idx ON generation_requests (completed_at)
  WHERE status = 'succeeded' AND result_expired_at IS NULL;
-- The orphan sweep asks, for each stored blob, whether a generation names it.
CREATE INDEX generation_requests_result_key_idx ON generation_requests (result_key)
  WHERE result_key IS NOT NULL;
CREATE INDEX generation_requests_upload_key_idx ON generation_requests (upload_key)
  WHERE upload_key IS NOT NULL;
-- A job that must run on one replica at a time (the orphan sweep) holds a lease row while it runs.
CREATE TABLE job_leases (
  name text PRIMARY KEY,
  holder uuid NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE job_leases;
DROP INDEX generation_requests_upload_key_idx;
DROP INDEX generation_requests_result_key_idx;
DROP INDEX generation_requests_retention_idx;
ALTER TABLE generation_requests DROP COLUMN result_expired_at;
