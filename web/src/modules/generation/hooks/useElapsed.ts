import { useEffect, useState } from 'react';

/**
 * Milliseconds since `startedAt` (a Date.now() value), refreshed every half second; 0 until the
 * first tick when `startedAt` is newer than the last tick.
 */
export const useElapsed = (startedAt: number | null): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? 0 : Math.max(0, now - startedAt);
};
