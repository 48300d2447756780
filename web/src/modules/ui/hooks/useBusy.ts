import { useCallback, useRef, useState } from 'react';

/**
 * Runs an async action behind a button: `busy` while it runs, and a second press meanwhile does
 * nothing (a retry or a refresh asked twice is one request).
 */
export const useBusy = (action: () => Promise<unknown>): { run: () => void; busy: boolean } => {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    void action()
      // The action reports its own failure (the page's error state); the button only waits.
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
        setBusy(false);
      });
  }, [action]);
  return { run, busy };
};
