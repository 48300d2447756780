import { useContext, useEffect } from 'react';
import { useLocation } from 'react-router';

import { DEFAULT_OG_IMAGE_PATH, PageMetaCollectorContext, type PageMeta } from '../utils/page-meta';

const upsertHeadElement = <T extends HTMLElement>(selector: string, create: () => T): T => {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
};

/** Updates a `<meta>` the prerendered head carries (Open Graph, Twitter), if it is there. */
const updateMeta = (selector: string, content: string | undefined) => {
  const meta = document.head.querySelector<HTMLMetaElement>(selector);
  if (meta && content) meta.content = content;
};

/**
 * A page's title, meta description, canonical link and share tags. The prerender collects them
 * during rendering to write the head of the page's HTML; in the browser they follow client-side
 * navigation.
 */
export const usePageMeta = (meta: PageMeta): void => {
  const { title, description, canonicalPath, noIndex = false, imagePath } = meta;
  const { pathname } = useLocation();
  const canonical = canonicalPath ?? pathname;
  const collector = useContext(PageMetaCollectorContext);
  // The prerender's single server render hands the page's metadata out through this collector
  // (entry-server.tsx owns it); the browser has no collector.
  // eslint-disable-next-line react-hooks/immutability -- a render-time report to the server, never read back in render
  if (collector) collector.meta = { ...meta, path: pathname };

  useEffect(() => {
    document.title = title;
    updateMeta('meta[property="og:title"]', title);
    updateMeta('meta[name="twitter:title"]', title);
  }, [title]);

  useEffect(() => {
    if (!description) return;
    const element = upsertHeadElement('meta[name="description"]', () => {
      const created = document.createElement('meta');
      created.name = 'description';
      return created;
    });
    element.content = description;
    updateMeta('meta[property="og:description"]', description);
    updateMeta('meta[name="twitter:description"]', description);
  }, [description]);

  useEffect(() => {
    const link = upsertHeadElement('link[rel="canonical"]', () => {
      const element = document.createElement('link');
      element.rel = 'canonical';
      return element;
    });
    link.href = `${window.location.origin}${canonical}`;
    updateMeta('meta[property="og:url"]', link.href);
  }, [canonical]);

  useEffect(() => {
    const image = `${window.location.origin}${imagePath ?? DEFAULT_OG_IMAGE_PATH}`;
    updateMeta('meta[property="og:image"]', image);
    updateMeta('meta[name="twitter:image"]', image);
  }, [imagePath]);

  useEffect(() => {
    if (!noIndex) return;
    const element = document.createElement('meta');
    element.name = 'robots';
    element.content = 'noindex';
    document.head.append(element);
    return () => element.remove();
  }, [noIndex]);
};
