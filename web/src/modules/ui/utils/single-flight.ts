/**
 * Runs async actions one at a time: a call while one runs does nothing, and `onBusyChange` hears
 * when it starts and when it ends, whether it resolves, rejects, or throws before its first await.
 */
export function singleFlight(
  onBusyChange: (busy: boolean) => void,
): (action: () => Promise<unknown>) => Promise<void> {
  let running = false;
  return async (action) => {
    if (running) return;
    running = true;
    onBusyChange(true);
    try {
      await action();
    } catch {
      // The action reports its own failure (the page's error state); the caller only waits.
    } finally {
      running = false;
      onBusyChange(false);
    }
  };
}
