import { createContext } from 'react';

export type PageMeta = {
  /** The complete document title. */
  title: string;
  description?: string;
  /** Path of the canonical URL; defaults to the current path. */
  canonicalPath?: string;
  /** Keep private pages (profile, admin) out of search results. */
  noIndex?: boolean;
  /** Path of the 1200 x 630 share image (Open Graph, Twitter card); defaults to the site's. */
  imagePath?: string;
};

/** The share image of pages that have no style of their own (built by web/build/og-images.ts). */
export const DEFAULT_OG_IMAGE_PATH = '/og/stylised.jpg';

export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * Where the prerender (web/build/prerender.ts) collects the metadata the rendered page asked for
 * with `usePageMeta`, to write it into the document's head. Absent in the browser.
 */
export type PageMetaCollector = { meta: (PageMeta & { path: string }) | null };

export const PageMetaCollectorContext = createContext<PageMetaCollector | null>(null);
