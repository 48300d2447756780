import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type pg from 'pg';

// Wrong passwords are counted per account from one address (a low limit: whoever guesses from
// there is stopped) and per account from all addresses together (a higher one, against guesses
// spread over many). One address alone can then lock an account only for itself, not for its
// owner signing in from elsewhere. Counters key on a hash so the table holds no email addresses.

/** An email address as counters key it: hashed, so the table holds no addresses. */
export const emailDigest = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export const loginAccountKey = (email: string) => `login:account:${emailDigest(email)}`;

/** The 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counts as two). */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => (group.includes('.') ? ['v4', 'v4'] : [group]));
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const missing = ip.includes('::') ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}

/**
 * Where guesses come from, as one party: an IPv4 address, or an IPv6 address's /64 (one host
 * holds a whole /64, and would otherwise be 2^64 parties). IPv4 mapped into IPv6 is that IPv4.
 */
export function guessingParty(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip.toLowerCase()).slice(0, 4);
  return `${groups.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export const loginAddressKey = (email: string, ip: string) =>
  `${loginAccountKey(email)}:ip:${guessingParty(ip)}`;

/** Lifts every lock on the account's sign-in (its owner proved the mailbox, or it is gone). */
export async function clearLoginFailures(db: Pick<pg.PoolClient, 'query'>, email: string) {
  const key = loginAccountKey(email);
  // A hex hash and a colon: nothing in the pattern is a LIKE wildcard, and the prefix is served
  // by the key's text_pattern_ops index.
  await db.query('DELETE FROM rate_limit_counters WHERE key = $1 OR key LIKE $2', [
    key,
    `${key}:%`,
  ]);
}
