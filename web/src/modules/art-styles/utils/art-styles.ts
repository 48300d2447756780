export type ArtStyleId = 'action-figure' | 'ghibli' | 'pixar' | 'anime' | 'snoopy' | 'chibi';

export type ArtStyle = {
  id: ArtStyleId;
  /** Short name used in cards and links. */
  name: string;
  /** The style's page in the route table (sidebar and header link here). */
  path: string;
  /** One line for the sidebar. */
  sidebarDescription: string;
  /** Two lines for the landing cards. */
  cardDescription: string;
  /** Prefix of the downloaded PNG's file name. */
  downloadPrefix: string;
};

export const ART_STYLES: Readonly<Record<ArtStyleId, ArtStyle>> = {
  'action-figure': {
    id: 'action-figure',
    name: 'Action Figure',
    path: '/action-figure',
    sidebarDescription: 'You as a boxed collectible, accessories included',
    cardDescription:
      'Pick a profession, accessories and a pose, and get yourself as a collectible figure in its blister pack.',
    downloadPrefix: 'action-figure',
  },
  ghibli: {
    id: 'ghibli',
    name: 'Ghibli Style',
    path: '/ghibli',
    sidebarDescription: 'Soft, hand-painted anime scenes',
    cardDescription:
      'Watercolour skies, warm light and gentle linework: your photo as a frame from a hand-painted film.',
    downloadPrefix: 'ghibli-art-character',
  },
  pixar: {
    id: 'pixar',
    name: 'Pixar Style',
    path: '/pixar',
    sidebarDescription: 'Big-eyed 3D animated characters',
    cardDescription:
      'Rounded features, expressive eyes and cinematic lighting, as if you walked out of an animated feature.',
    downloadPrefix: 'pixar-style-character',
  },
  anime: {
    id: 'anime',
    name: 'Image to Anime',
    path: '/image-to-anime',
    sidebarDescription: 'Crisp anime portraits from any photo',
    cardDescription:
      'Clean cel shading and bright, expressive eyes: a classic anime portrait from any photo.',
    downloadPrefix: 'anime-character',
  },
  snoopy: {
    id: 'snoopy',
    name: 'Snoopy Comic',
    path: '/snoopy',
    sidebarDescription: 'Classic Sunday-strip comic characters',
    cardDescription:
      'Simple ink lines and flat colour in the spirit of the classic newspaper strip. Great for pets.',
    downloadPrefix: 'ai-snoopy-character',
  },
  chibi: {
    id: 'chibi',
    name: 'Chibi',
    path: '/chibi',
    sidebarDescription: 'Tiny, big-headed and very cute',
    cardDescription:
      'A big head, a tiny body and a lot of charm: the sticker-ready chibi version of you.',
    downloadPrefix: 'chibi-art-character',
  },
};

/** Sidebar order (spec: six style links). */
export const SIDEBAR_STYLE_IDS: readonly ArtStyleId[] = [
  'action-figure',
  'ghibli',
  'pixar',
  'anime',
  'snoopy',
  'chibi',
];

/** The five styles marketed on the landing page (each has its own -creator URL). */
export const LANDING_STYLE_IDS: readonly ArtStyleId[] = [
  'action-figure',
  'ghibli',
  'pixar',
  'snoopy',
  'chibi',
];
