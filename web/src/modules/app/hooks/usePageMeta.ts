import { useEffect } from 'react';
import { useLocation } from 'react-router';

type PageMeta = {
  /** The complete document title. */
  title: string;
  description?: string;
  /** Path of the canonical URL; defaults to the current path. */
  canonicalPath?: string;
  /** Keep private pages (profile, admin) out of search results. */
  noIndex?: boolean;
};

const upsertHeadElement = <T extends HTMLElement>(selector: string, create: () => T): T => {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
};

/** Sets document.title, the meta description and `<link rel="canonical">` for a page. */
export const usePageMeta = ({
  title,
  description,
  canonicalPath,
  noIndex = false,
}: PageMeta): void => {
  const { pathname } = useLocation();
  const canonical = canonicalPath ?? pathname;

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    if (!description) return;
    const meta = upsertHeadElement('meta[name="description"]', () => {
      const element = document.createElement('meta');
      element.name = 'description';
      return element;
    });
    meta.content = description;
  }, [description]);

  useEffect(() => {
    const link = upsertHeadElement('link[rel="canonical"]', () => {
      const element = document.createElement('link');
      element.rel = 'canonical';
      return element;
    });
    link.href = `${window.location.origin}${canonical}`;
  }, [canonical]);

  useEffect(() => {
    if (!noIndex) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, [noIndex]);
};
