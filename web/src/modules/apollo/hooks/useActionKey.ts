import { useCallback, useRef } from 'react';

import { newIdempotencyKey } from '../../generation/utils/idempotency-key';

/**
 * One idempotency key per user action. `keyFor(what)` answers the same key for the same request
 * until `done()` (a double click or a retry after a network failure sends the same key, so the
 * server acts once); a different request, or the next one after success, gets a fresh key.
 */
export const useActionKey = () => {
  const current = useRef<{ what: string; key: string } | null>(null);
  const keyFor = useCallback((what: string) => {
    if (!current.current || current.current.what !== what)
      current.current = { what, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, done };
};
