import { useCallback, useState } from 'react';

import { singleFlight } from '../utils/single-flight';

/**
 * Runs an async action behind a button: `busy` while it runs, and a second press meanwhile does
 * nothing (a retry or a refresh asked twice is one request).
 */
export const useBusy = (action: () => Promise<unknown>): { run: () => void; busy: boolean } => {
  const [busy, setBusy] = useState(false);
  const [flight] = useState(() => singleFlight(setBusy));
  const run = useCallback(() => void flight(action), [flight, action]);
  return { run, busy };
};
