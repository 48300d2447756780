import { randomUUID } from 'node:crypto';
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Runs `work` only if no other process (any replica) holds the named lease: one statement takes
 * it (a free or lapsed lease), so two replicas starting the same job at once never both run it.
 * The lease lapses after `ttlMs` should its holder die. Returns null when another holds it.
 */
export async function withJobLease<T>(
  db: Queryable,
  name: string,
  ttlMs: number,
  work: () => Promise<T>,
): Promise<T | null> {
  const holder = randomUUID();
  const { rows } = await db.query(
    `INSERT INTO job_leases (name, holder, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3::double precision))
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE job_leases.expires_at < now()
     RETURNING holder`,
    [name, holder, ttlMs / 1000],
  );
  if (!rows[0]) return null;
  try {
    return await work();
  } finally {
    await db.query('DELETE FROM job_leases WHERE name = $1 AND holder = $2', [name, holder]);
  }
}
