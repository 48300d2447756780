import { DEFAULT_OG_IMAGE_PATH, OG_IMAGE_SIZE, type PageMeta } from '../utils/page-meta';
import { BRAND_NAME } from '../utils/brand';

type PageHeadProps = {
  meta: PageMeta & { path: string };
  /** The site's public origin (no trailing slash), as it appears in absolute URLs. */
  origin: string;
};

/**
 * The head of a prerendered page (web/build/prerender.ts): title, description, canonical link,
 * Open Graph and Twitter card tags. In the browser, `usePageMeta` keeps them current.
 */
export const PageHead = ({ meta, origin }: PageHeadProps) => {
  const canonical = `${origin}${meta.canonicalPath ?? meta.path}`;
  const image = `${origin}${meta.imagePath ?? DEFAULT_OG_IMAGE_PATH}`;
  const description = meta.description ?? '';
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={description} />
      {meta.noIndex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={BRAND_NAME} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(OG_IMAGE_SIZE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE_SIZE.height)} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </>
  );
};
