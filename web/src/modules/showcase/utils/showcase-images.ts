import type { ArtStyleId } from '../../art-styles/utils/art-styles';

/**
 * Showcase images rendered by the image engine into `web/public/showcase/`, named
 * `<photo>-<style>-<size>.webp` (results, 512, 768 and 1024 px) and `<photo>-original-512.webp`
 * (the source photos). The source photos are public-domain / CC0 samples from scikit-image:
 * "astronaut" (Eileen Collins, NASA) and "chelsea" (Chelsea the cat, by Stéfan van der Walt).
 */
export type ShowcasePhotoId = 'astronaut' | 'chelsea';

export type ShowcaseImage = {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
};

const SHOWCASE_BASE = '/showcase';

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

export const showcaseImageUrl = (
  photo: ShowcasePhotoId,
  variant: ArtStyleId | 'original',
  size: 512 | 768 | 1024,
): string => `${SHOWCASE_BASE}/${photo}-${variant}-${size}.webp`;

/** A generated result with a 512/768/1024 `srcset` (results are square). */
export const showcaseResultImage = (photo: ShowcasePhotoId, style: ArtStyleId): ShowcaseImage => ({
  src: showcaseImageUrl(photo, style, 512),
  srcSet: ([512, 768, 1024] as const)
    .map((size) => `${showcaseImageUrl(photo, style, size)} ${size}w`)
    .join(', '),
  width: 1024,
  height: 1024,
  alt: `${capitalise(PHOTO_SUBJECTS[photo])} ${STYLE_RESULT_LABELS[style]}`,
});

/** The original photo (only a 512 px rendition exists). */
export const showcaseOriginalImage = (photo: ShowcasePhotoId): ShowcaseImage => ({
  src: showcaseImageUrl(photo, 'original', 512),
  srcSet: `${showcaseImageUrl(photo, 'original', 512)} 512w`,
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
