-- Up Migration
-- Sign-in counters per account and address share their account's key as a prefix: a password
-- reset or an account deletion lifts them all with one `LIKE 'prefix%'`, which this index serves
-- (the primary key's collation cannot).
CREATE INDEX rate_limit_counters_key_prefix_idx ON rate_limit_counters (key text_pattern_ops);

-- Down Migration
DROP INDEX rate_limit_counters_key_prefix_idx;
