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
