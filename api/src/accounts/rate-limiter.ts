import type pg from 'pg';
import { RateLimitedError } from '../shared/errors';

export interface RateLimit {
  readonly limit: number;
  readonly windowSeconds: number;
}

type Queryable = Pick<pg.Pool, 'query'>;

/** Fixed-window counters in Postgres, so the limits hold across every API replica. */
export class RateLimiter {
  constructor(private readonly db: Queryable) {}

  /**
   * Counts one hit and checks it in the same statement (increment, then compare): a burst of N
   * concurrent hits behaves exactly like N in sequence. Throws once the window's limit is exceeded.
   */
  async hit(key: string, rule: RateLimit): Promise<void> {
    const result = await this.db.query<{ hits: number; retry_after: number }>(
      `INSERT INTO rate_limit_counters AS c (key, window_started_at, hits) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE c.hits + 1 END,
         window_started_at = CASE WHEN c.window_started_at <= now() - make_interval(secs => $2)
                                  THEN now() ELSE c.window_started_at END
       RETURNING hits, ceil(extract(epoch FROM c.window_started_at + make_interval(secs => $2) - now()))::int AS retry_after`,
      [key, rule.windowSeconds],
    );
    const row = result.rows[0]!;
    if (row.hits > rule.limit) throw new RateLimitedError(Math.max(1, row.retry_after));
  }

  /**
   * Refuses, without counting, when the window's limit is already used up: for attempts that count
   * only when they fail (`hit` then), yet must wait like the others once the limit is reached.
   */
  async check(key: string, rule: RateLimit): Promise<void> {
    const result = await this.db.query<{ hits: number; retry_after: number }>(
      `SELECT hits, ceil(extract(epoch FROM window_started_at + make_interval(secs => $2) - now()))::int AS retry_after
       FROM rate_limit_counters
       WHERE key = $1 AND window_started_at > now() - make_interval(secs => $2)`,
      [key, rule.windowSeconds],
    );
    const row = result.rows[0];
    if (row && row.hits >= rule.limit) throw new RateLimitedError(Math.max(1, row.retry_after));
  }

  /** Gives the slots back (one statement for several counters). */
  async reset(...keys: string[]): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_counters WHERE key = ANY($1::text[])', [keys]);
  }
}
