import type { ArtStyleId } from '../../art-styles/utils/art-styles';

/**
 * Showcase images rendered by the image engine into `web/public/showcase/`, named
 * `<photo>-<style>-<size>.webp` (results, 512, 768 and 1024 px) and `<photo>-original-512.webp`
 * (the source photos); the build adds the renditions below. The source photos are public-domain / CC0 samples from scikit-image:
 * "astronaut" (Eileen Collins, NASA) and "chelsea" (Chelsea the cat, by Stéfan van der Walt).
 */
export type ShowcasePhotoId = 'astronaut' | 'chelsea';

export type ShowcaseImage = {
  /** The fallback `<img>`: a JPEG, with its own `srcset`. */
  src: string;
  srcSet: string;
  /** `srcset`s of the `<picture>` sources, best first. */
  sources: readonly { type: `image/${ShowcaseFormat}`; srcSet: string }[];
  width: number;
  height: number;
  alt: string;
};

const SHOWCASE_BASE = '/showcase';

/*
 * Renditions made at build time (web/build/showcase-renditions.ts) from the 1024 px renders and
 * the 512 px photos in web/public/showcase: every width in AVIF, WebP and JPEG, so the browser
 * picks the smallest file at least as wide as the image is shown.
 */
export const SHOWCASE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ShowcaseFormat = (typeof SHOWCASE_FORMATS)[number];
export const RESULT_WIDTHS = [192, 256, 384, 512, 768, 1024] as const;
export const ORIGINAL_WIDTHS = [192, 256, 384, 512] as const;
export type ShowcaseWidth = (typeof RESULT_WIDTHS)[number];

const EXTENSIONS: Readonly<Record<ShowcaseFormat, string>> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};

const PHOTO_SUBJECTS: Readonly<Record<ShowcasePhotoId, string>> = {
  astronaut: 'an astronaut in a white flight suit',
  chelsea: 'Chelsea the tabby cat',
};

const STYLE_RESULT_LABELS: Readonly<Record<ArtStyleId, string>> = {
  'action-figure': 'as an action figure in its blister pack',
  ghibli: 'in a hand-painted Ghibli style',
  pixar: 'as a Pixar-style 3D character',
  anime: 'as an anime portrait',
  snoopy: 'as a Snoopy-style comic character',
  chibi: 'as a chibi character',
};

/** A rendition's URL; `format` defaults to the WebP renders kept in web/public/showcase. */
export const showcaseImageUrl = (
  photo: ShowcasePhotoId,
  variant: ArtStyleId | 'original',
  size: ShowcaseWidth,
  format: ShowcaseFormat = 'webp',
): string => `${SHOWCASE_BASE}/${photo}-${variant}-${size}.${EXTENSIONS[format]}`;

const pictureOf = (
  photo: ShowcasePhotoId,
  variant: ArtStyleId | 'original',
  widths: readonly ShowcaseWidth[],
) => {
  const srcSet = (format: ShowcaseFormat) =>
    widths.map((size) => `${showcaseImageUrl(photo, variant, size, format)} ${size}w`).join(', ');
  return {
    src: showcaseImageUrl(photo, variant, 512, 'jpeg'),
    srcSet: srcSet('jpeg'),
    sources: (['avif', 'webp'] as const).map((format) => ({
      type: `image/${format}` as const,
      srcSet: srcSet(format),
    })),
  };
};

/** A generated result (square, renders up to 1024 px). */
export const showcaseResultImage = (photo: ShowcasePhotoId, style: ArtStyleId): ShowcaseImage => ({
  ...pictureOf(photo, style, RESULT_WIDTHS),
  width: 1024,
  height: 1024,
  alt: `${capitalise(PHOTO_SUBJECTS[photo])} ${STYLE_RESULT_LABELS[style]}`,
});

/** The original photo (up to 512 px). */
export const showcaseOriginalImage = (photo: ShowcasePhotoId): ShowcaseImage => ({
  ...pictureOf(photo, 'original', ORIGINAL_WIDTHS),
  width: 512,
  height: 512,
  alt: `Original photo of ${PHOTO_SUBJECTS[photo]}`,
});

export const SHOWCASE_PHOTO_IDS: readonly ShowcasePhotoId[] = ['astronaut', 'chelsea'];

/** Which photo each style's landing card and creator hero shows first. */
export const SHOWCASE_FEATURED_PHOTO: Readonly<Record<ArtStyleId, ShowcasePhotoId>> = {
  'action-figure': 'astronaut',
  ghibli: 'astronaut',
  pixar: 'chelsea',
  anime: 'astronaut',
  snoopy: 'chelsea',
  chibi: 'astronaut',
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type ShowcaseSet = { original: ShowcaseImage } & Record<ArtStyleId, ShowcaseImage>;

const STYLE_IDS: readonly ArtStyleId[] = [
  'action-figure',
  'ghibli',
  'pixar',
  'anime',
  'snoopy',
  'chibi',
];

const buildSet = (photo: ShowcasePhotoId): ShowcaseSet =>
  Object.assign(
    { original: showcaseOriginalImage(photo) },
    Object.fromEntries(STYLE_IDS.map((style) => [style, showcaseResultImage(photo, style)])),
  ) as ShowcaseSet;

/** The map of every showcase image: `SHOWCASE_IMAGES.astronaut.ghibli.src`. */
export const SHOWCASE_IMAGES: Readonly<Record<ShowcasePhotoId, ShowcaseSet>> = {
  astronaut: buildSet('astronaut'),
  chelsea: buildSet('chelsea'),
};
