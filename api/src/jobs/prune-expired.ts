import type pg from 'pg';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '../shared/idempotency';

export interface PruneOptions {
  readonly now?: Date;
  /** The longest rate-limit window in use; a counter older than that can no longer refuse anyone. */
  readonly longestRateLimitWindowSeconds: number;
}

export interface PruneResult {
  sessions: number;
  rateLimitCounters: number;
  accountTokens: number;
  idempotencyKeys: number;
}

/** Expired sessions stay a day (a request in flight at expiry still finds its row), revoked ones too. */
const SESSION_GRACE = '1 day';
/** Mailed single-use tokens (password reset, email verification) are kept a day past use or expiry. */
const TOKEN_GRACE = '1 day';

/**
 * Deletes rows that can never matter again: expired or revoked sessions, rate-limit counters
 * whose window has passed, expired or used single-use account tokens, and idempotency keys past
 * their lifetime (a repeat after it is a new request anyway) whose first request is not running.
 */
export async function pruneExpiredRows(pool: pg.Pool, options: PruneOptions): Promise<PruneResult> {
  const now = options.now ?? new Date();
  const sessions = await pool.query(
    `DELETE FROM sessions
     WHERE expires_at < $1::timestamptz - interval '${SESSION_GRACE}'
        OR revoked_at < $1::timestamptz - interval '${SESSION_GRACE}'`,
    [now],
  );
  const counters = await pool.query(
    `DELETE FROM rate_limit_counters
     WHERE window_started_at < $1::timestamptz - make_interval(secs => $2)`,
    [now, options.longestRateLimitWindowSeconds],
  );
  // Password-reset and verification tokens live in `account_tokens` (issue 15's migration); until
  // that table exists there is nothing to prune.
  let accountTokens = 0;
  const { rows } = await pool.query<{ exists: boolean }>(
    `SELECT to_regclass('account_tokens') IS NOT NULL AS exists`,
  );
  if (rows[0]?.exists) {
    const tokens = await pool.query(
      `DELETE FROM account_tokens
       WHERE expires_at < $1::timestamptz - interval '${TOKEN_GRACE}'
          OR used_at < $1::timestamptz - interval '${TOKEN_GRACE}'`,
      [now],
    );
    accountTokens = tokens.rowCount ?? 0;
  }
  const idempotencyKeys = await pool.query(
    `DELETE FROM idempotency_keys
     WHERE created_at < $1::timestamptz - make_interval(hours => $2)
       AND (response IS NOT NULL OR locked_until IS NULL OR locked_until < $1::timestamptz)`,
    [now, IDEMPOTENCY_KEY_TTL_HOURS],
  );
  return {
    sessions: sessions.rowCount ?? 0,
    rateLimitCounters: counters.rowCount ?? 0,
    accountTokens,
    idempotencyKeys: idempotencyKeys.rowCount ?? 0,
  };
}
