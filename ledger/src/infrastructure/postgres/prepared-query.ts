import type { QueryConfig } from 'pg';

const sharedSessionPools = new WeakSet<object>();

/**
 * Embedded PGlite serves every socket connection from one Postgres session, so a statement
 * prepared by an earlier (now closed) connection would still exist for the next one.
 */
export const markSharedSession = (pool: object) => sharedSessionPools.add(pool);

/**
 * A named statement (parsed and planned once per connection) for hot queries; a plain one where
 * connections share a session.
 */
export function preparedQuery(
  db: object,
  name: string,
  text: string,
  values: unknown[],
): QueryConfig {
  return sharedSessionPools.has(db) ? { text, values } : { name, text, values };
}
