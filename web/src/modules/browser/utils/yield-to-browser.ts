/**
 * Ends the current task and continues in a new one, so the browser can paint and handle input
 * in between. Hydrating a prerendered page evaluates React, the router, the GraphQL client and
 * the page's code and then renders: done in one task, that is one long task on a phone (what
 * Lighthouse's Total Blocking Time counts); with a yield between the steps it is several short
 * ones. `scheduler.yield` where the browser has it (it keeps the continuation ahead of other
 * tasks), otherwise a message to ourselves (not a timeout: a background tab delays those, and a
 * test's paused clock would stop hydration).
 */
export const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
};
