import { useCallback, useSyncExternalStore } from 'react';

/** Mobile breakpoint from the spec: layouts switch below 768px. */
export const MOBILE_MEDIA_QUERY = '(max-width: 767.98px)';

export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
};

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_MEDIA_QUERY);
