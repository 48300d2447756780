-- Up Migration
-- The last version number each projection was given. A build that failed or was abandoned is
-- dropped with its checkpoint row, so max(version) over the checkpoints would hand its number
-- out again; logs, metrics and the staff page name versions by number, and one number must mean
-- one build.
CREATE TABLE projection_version_counters (
  name text PRIMARY KEY,
  last_version int NOT NULL
);
INSERT INTO projection_version_counters (name, last_version)
SELECT name, max(version) FROM projection_checkpoints GROUP BY name;

-- Down Migration
DROP TABLE projection_version_counters;
