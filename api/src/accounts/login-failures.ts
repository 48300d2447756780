import { createHash } from 'node:crypto';
import type pg from 'pg';

// Wrong passwords are counted per account from one address (a low limit: whoever guesses from
// there is stopped) and per account from all addresses together (a higher one, against guesses
// spread over many). One address alone can then lock an account only for itself, not for its
// owner signing in from elsewhere. Counters key on a hash so the table holds no email addresses.

export const loginAccountKey = (email: string) =>
  `login:account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

export const loginAddressKey = (email: string, ip: string) => `${loginAccountKey(email)}:ip:${ip}`;

/** Lifts every lock on the account's sign-in (its owner proved the mailbox, or it is gone). */
export async function clearLoginFailures(db: Pick<pg.PoolClient, 'query'>, email: string) {
  const key = loginAccountKey(email);
  await db.query('DELETE FROM rate_limit_counters WHERE key = $1 OR starts_with(key, $2)', [
    key,
    `${key}:`,
  ]);
}
