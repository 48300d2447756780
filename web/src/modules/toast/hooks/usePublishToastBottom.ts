import { useEffect } from 'react';
import type { RefObject } from 'react';

/** Where the shown toast ends, in px from the top of the window (unset while none shows). */
export const TOAST_BOTTOM_PROPERTY = '--toast-bottom';

/**
 * Publishes the bottom edge of the toasts as a CSS custom property on the document, so that a
 * phone's dialog sheet can start below a toast taller than the space it keeps for one.
 */
export const usePublishToastBottom = (
  viewportRef: RefObject<HTMLElement | null>,
  showing: boolean,
): void => {
  useEffect(() => {
    const viewport = viewportRef.current;
    const root = document.documentElement.style;
    if (!showing || !viewport) return;
    const publish = () =>
      root.setProperty(
        TOAST_BOTTOM_PROPERTY,
        `${Math.ceil(viewport.getBoundingClientRect().bottom)}px`,
      );
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(viewport);
    return () => {
      observer.disconnect();
      root.removeProperty(TOAST_BOTTOM_PROPERTY);
    };
  }, [viewportRef, showing]);
};
