import { createHash } from 'node:crypto';
import { badInput } from '../shared/errors';

/** As the REST header allows (shared/idempotency.ts): longer keys are refused, never cut short. */
const MAX_KEY_LENGTH = 255;

/**
 * A generation's idempotency key as stored and looked up: trimmed, null when empty. Cutting long
 * keys would make two different keys one (and the second a 409).
 */
export function generationKeyOf(raw: string | null | undefined): string | null {
  const key = raw?.trim() ?? '';
  if (key.length > MAX_KEY_LENGTH)
    throw badInput(`The idempotency key can be at most ${MAX_KEY_LENGTH} characters`, {
      field: 'idempotencyKey',
    });
  return key || null;
}

/**
 * A client's idempotency key maps to one generation id per user: a SHA-256 of both, laid out
 * as a UUID. The '4' and 'a' are only the version and variant bits z.uuid() asks for; the id
 * is derived, not random. It stays so: stored generations carry these ids, and a retry after a
 * deploy must land on the same one (RFC 9562's v8 would be the honest label for new schemes).
 */
export const generationIdForKey = (userId: string, key: string): string => {
  const hex = createHash('sha256').update(`${userId}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
