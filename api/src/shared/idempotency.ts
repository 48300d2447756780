import { createHash } from 'node:crypto';
import type pg from 'pg';
import { badInput, conflict } from './errors';

/** Keys are kept this long, like Stripe's (a repeat after that is a new request). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** The first request's claim: after this a crashed request's key can be used again. */
const CLAIM_SECONDS = 120;
/** How long a repeat waits for the first request to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 30_000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The key a client sent (header or input), checked; null when none was sent. */
export function idempotencyKeyFrom(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value))
    throw badInput('Idempotency-Key must be 1 to 255 visible ASCII characters', {
      field: 'idempotencyKey',
    });
  return value;
}

/** A stable id derived from a client key (e.g. a grant id): a repeat names the same thing. */
export const idFromKey = (prefix: string, ...parts: string[]) =>
  `${prefix}-${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32)}`;

/** The answer to a key sent again with other parameters (409). */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This idempotency key was already used for a different request';

const fingerprintOf = (params: unknown) =>
  createHash('sha256').update(JSON.stringify(params)).digest('hex');

/**
 * Runs a command at most once per (scope, key), and answers a repeat with the first result, as
 * Stripe's Idempotency-Key does. The claim is one INSERT … ON CONFLICT (no read before the write),
 * so any number of concurrent requests with one key run the command once; the others wait for its
 * result without holding a connection. A failed command releases its key (a retry runs again);
 * the same key with different parameters is refused. Results must be plain JSON.
 */
export class IdempotencyKeys {
  constructor(private readonly db: Pick<pg.Pool, 'query'>) {}

  async once<T>(
    scope: string,
    key: string | null,
    params: unknown,
    work: () => Promise<T>,
  ): Promise<T> {
    if (key === null) return work();
    const fingerprint = fingerprintOf(params);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const claim = await this.db.query(
        `INSERT INTO idempotency_keys AS k (scope, key, fingerprint, locked_until)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4))
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, response = NULL,
           locked_until = excluded.locked_until, created_at = now()
         WHERE k.created_at < now() - make_interval(hours => $5)
            OR (k.response IS NULL AND k.locked_until < now())
         RETURNING 1`,
        [scope, key, fingerprint, CLAIM_SECONDS, IDEMPOTENCY_KEY_TTL_HOURS],
      );
      if (claim.rowCount === 1) return this.run(scope, key, work);
      const found = await this.db.query<{ fingerprint: string; response: { value: T } | null }>(
        'SELECT fingerprint, response FROM idempotency_keys WHERE scope = $1 AND key = $2',
        [scope, key],
      );
      const row = found.rows[0];
      if (row && row.fingerprint !== fingerprint) throw conflict(IDEMPOTENCY_KEY_REUSED_MESSAGE);
      if (row?.response) return row.response.value;
      if (Date.now() > deadline)
        throw conflict('A request with this idempotency key is still being processed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async run<T>(scope: string, key: string, work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await this.db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [
        scope,
        key,
      ]);
      throw error;
    }
    await this.db.query(
      'UPDATE idempotency_keys SET response = $3, locked_until = NULL WHERE scope = $1 AND key = $2',
      [scope, key, JSON.stringify({ value: result })],
    );
    return result;
  }
}
