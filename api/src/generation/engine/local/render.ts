import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { ActionFigureDetails, StyleId } from '../image-provider';
import type { Gray, Rgb } from './pixels';
import { readDirection } from './direction';
import type { Direction } from './direction';
import { subjectMask } from './subject/mask';
import { framePhoto } from './subject/framing';
import type { Subject } from './subject/framing';
import { renderActionFigure } from './styles/action-figure';
import { renderAnime } from './styles/anime';
import { renderChibi } from './styles/chibi';
import { renderGhibli } from './styles/ghibli';
import { renderPixar } from './styles/pixar';
import { renderSnoopy } from './styles/snoopy';

export const OUTPUT_SIZE = 1024;

/** Larger inputs are refused before decoding: the upload path already caps them. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface PreparedPhoto {
  /** The photo flattened to sRGB and framed around its subject to OUTPUT_SIZE². */
  readonly square: Rgb;
  /** Where the subject, its head and eyes are in `square`. */
  readonly subject: Subject;
}

export interface StyleContext {
  readonly actionFigure?: ActionFigureDetails;
  /** What the prompt and the seed ask of the picture. */
  readonly direction: Direction;
  /** The subject's matte for this photo (computed once, on first use). */
  readonly mask: () => Promise<Gray>;
  readonly checkpoint: () => void;
}

export type StyleRenderer = (photo: PreparedPhoto, ctx: StyleContext) => Promise<Sharp>;

const renderers: Record<StyleId, StyleRenderer> = {
  'action-figure': renderActionFigure,
  ghibli: renderGhibli,
  pixar: renderPixar,
  anime: renderAnime,
  snoopy: renderSnoopy,
  chibi: renderChibi,
};

export class UnreadablePhotoError extends Error {
  constructor(cause: unknown) {
    super('The photo could not be decoded as a PNG, JPEG or WEBP image.', { cause });
    this.name = 'UnreadablePhotoError';
  }
}

export interface RenderRequest {
  readonly style: StyleId;
  readonly photo: Buffer;
  /** The user's own words (not the server's style guidance). */
  readonly prompt?: string;
  readonly seed?: number;
  readonly actionFigure?: ActionFigureDetails;
  readonly signal?: AbortSignal;
}

export async function renderLocal(request: RenderRequest): Promise<Buffer> {
  const checkpoint = (): void => request.signal?.throwIfAborted();
  const renderer = renderers[request.style];
  if (!renderer) throw new Error(`Unknown style "${String(request.style)}".`);
  let decoded: Sharp;
  try {
    const { data, info } = await sharp(request.photo, {
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
    })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    decoded = sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    });
  } catch (error) {
    throw new UnreadablePhotoError(error);
  }
  checkpoint();
  const photo = await framePhoto(decoded, OUTPUT_SIZE);
  checkpoint();
  let matte: Promise<Gray> | null = null;
  const ctx: StyleContext = {
    ...(request.actionFigure ? { actionFigure: request.actionFigure } : {}),
    direction: readDirection(request.prompt ?? '', request.seed ?? 0),
    mask: () => (matte ??= subjectMask(photo.square, photo.subject)),
    checkpoint,
  };
  const image = await renderer(photo, ctx);
  checkpoint();
  const { data, info } = await image
    .removeAlpha()
    .png({ compressionLevel: 2, adaptiveFiltering: true })
    .toBuffer({ resolveWithObject: true });
  if (info.width !== OUTPUT_SIZE || info.height !== OUTPUT_SIZE) {
    throw new Error(`render produced ${info.width}×${info.height}`);
  }
  return data;
}
