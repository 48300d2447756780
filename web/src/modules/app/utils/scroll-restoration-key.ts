import type { Location } from 'react-router';

/** Different on every full page load of this tab (typed URL, reload, a link from outside). */
const PAGE_LOAD = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/**
 * The key <ScrollRestoration> saves and restores a page's offset under. React Router gives the
 * first history entry of every full page load the same key, "default", so a fresh load would
 * open at the offset of whichever page was loaded fresh before it (the profile opening on its
 * footer). That entry is keyed per load instead: a full load opens at the top, and Back within
 * the app still returns to where the visitor was.
 */
export const scrollRestorationKey = (location: Pick<Location, 'key'>): string =>
  location.key === 'default' ? `load-${PAGE_LOAD}` : location.key;
