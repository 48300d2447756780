-- Up Migration
-- What a generation was asked with (style, prompt, card, photo size), hashed: an idempotency key
-- sent again with a different request is refused instead of answered with the first one's result.
-- Null for requests made before it was kept (their keys answer as before).
ALTER TABLE generation_requests ADD COLUMN request_fingerprint text;

-- Down Migration
ALTER TABLE generation_requests DROP COLUMN request_fingerprint;
