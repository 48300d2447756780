import type { ArtStyleId } from './art-styles';

export type CreatorRoute = {
  path: string;
  styleId: ArtStyleId;
};

/**
 * Canonical URL of each creator. The spec says every creator page sets a canonical link to
 * "its own creator URL", and five creators have a dedicated `-creator` URL, so every route
 * that shows one of them (the base style page, the `-creator` URL and all marketing aliases)
 * points search engines at that one URL:
 *   /action-figure, /action-figure-creator, /character-ai, /avatar-maker → /action-figure-creator
 *   /ghibli, /ghibli-creator, /sketch-art, /oil-painting, /watercolor   → /ghibli-creator
 *   /pixar, /pixar-creator, /cartoon-maker, /pixel-art, /lego-style, /disney-style → /pixar-creator
 *   /snoopy, /snoopy-creator                                              → /snoopy-creator
 *   /chibi, /chibi-creator, /photo-to-anime, /manga-style, /anime-pfp, /barbie-filter → /chibi-creator
 * The anime creator has no `-creator` URL and no aliases (the spec sends /photo-to-anime,
 * /manga-style and /anime-pfp to the chibi creator), so its canonical is its only route,
 * /image-to-anime.
 */
export const CREATOR_CANONICAL_PATHS: Readonly<Record<ArtStyleId, string>> = {
  'action-figure': '/action-figure-creator',
  ghibli: '/ghibli-creator',
  pixar: '/pixar-creator',
  anime: '/image-to-anime',
  snoopy: '/snoopy-creator',
  chibi: '/chibi-creator',
};

/** Every path that renders a creator: base style routes first, then the spec's aliases. */
export const CREATOR_PATHS: Readonly<Record<ArtStyleId, readonly string[]>> = {
  'action-figure': ['/action-figure', '/action-figure-creator', '/character-ai', '/avatar-maker'],
  ghibli: ['/ghibli', '/ghibli-creator', '/sketch-art', '/oil-painting', '/watercolor'],
  pixar: [
    '/pixar',
    '/pixar-creator',
    '/cartoon-maker',
    '/pixel-art',
    '/lego-style',
    '/disney-style',
  ],
  anime: ['/image-to-anime'],
  snoopy: ['/snoopy', '/snoopy-creator'],
  chibi: [
    '/chibi',
    '/chibi-creator',
    '/photo-to-anime',
    '/manga-style',
    '/anime-pfp',
    '/barbie-filter',
  ],
};

export const listCreatorRoutes = (): CreatorRoute[] =>
  (Object.entries(CREATOR_PATHS) as [ArtStyleId, readonly string[]][]).flatMap(([styleId, paths]) =>
    paths.map((path) => ({ path, styleId })),
  );

const normalisePath = (path: string): string => {
  const withoutQuery = path.split(/[?#]/)[0] ?? '';
  const trimmed = withoutQuery.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
};

/** The creator a path shows, or undefined when the path is not a creator route. */
export const creatorStyleForPath = (path: string): ArtStyleId | undefined => {
  const normalised = normalisePath(path);
  return listCreatorRoutes().find((route) => route.path === normalised)?.styleId;
};

/** The canonical creator path for a creator route, or undefined for other paths. */
export const canonicalCreatorPath = (path: string): string | undefined => {
  const styleId = creatorStyleForPath(path);
  return styleId ? CREATOR_CANONICAL_PATHS[styleId] : undefined;
};

/** The style's 1200 x 630 share image (Open Graph, Twitter card), built by web/build/og-images.ts. */
export const ogImagePath = (styleId: ArtStyleId): string => `/og/${styleId}.jpg`;

export const canonicalCreatorUrl = (origin: string, styleId: ArtStyleId): string =>
  `${origin.replace(/\/+$/, '')}${CREATOR_CANONICAL_PATHS[styleId]}`;
