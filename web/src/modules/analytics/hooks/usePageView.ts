import { useEffect } from 'react';

const PAGE_VIEW_ENDPOINT = '/api/analytics/page-view';

/** First-party page-view call; no cookies of any third party. Fire-and-forget. */
export const sendPageView = (path: string): void => {
  const body = JSON.stringify({ path });
  try {
    if (typeof navigator.sendBeacon === 'function') {
      const queued = navigator.sendBeacon(
        PAGE_VIEW_ENDPOINT,
        new Blob([body], { type: 'application/json' }),
      );
      if (queued) return;
    }
    void fetch(PAGE_VIEW_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'include',
    }).catch(() => undefined);
  } catch {
    // Analytics must never break the page.
  }
};

/** Records one page view when the page mounts. */
export const usePageView = (path: string): void => {
  useEffect(() => {
    sendPageView(path);
  }, [path]);
};
