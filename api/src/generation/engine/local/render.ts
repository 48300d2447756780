import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { ActionFigureDetails, StyleId } from '../image-provider';
import type { Gray } from './pixels';
import { readDirection } from './direction';
import { subjectMask } from './subject/mask';
import { FONT_FAMILY } from './svg-text';
import { framePhoto } from './subject/framing';
import { OUTPUT_SIZE, type StyleContext, type StyleRenderer } from './style-renderer';
import { renderActionFigure } from './styles/action-figure';
import { renderAnime } from './styles/anime';
import { renderChibi } from './styles/chibi';
import { renderGhibli } from './styles/ghibli';
import { renderPixar } from './styles/pixar';
import { renderSnoopy } from './styles/snoopy';

/** Larger inputs are refused before decoding: the upload path already caps them. */
const MAX_INPUT_PIXELS = 50_000_000;

const renderers: Record<StyleId, StyleRenderer> = {
  'action-figure': renderActionFigure,
  ghibli: renderGhibli,
  pixar: renderPixar,
  anime: renderAnime,
  snoopy: renderSnoopy,
  chibi: renderChibi,
};

/** Where the "Preview engine" mark sits: the bottom-right corner, small. */
export const MARK = { x: OUTPUT_SIZE - 252, y: OUTPUT_SIZE - 52, width: 240, height: 40 } as const;
export const MARK_TEXT = 'PREVIEW ENGINE';

/**
 * Every image of the local engine says so on itself: it is a preview of the style made
 * offline on this server, not the production model's picture.
 */
function previewMark(): Buffer {
  const { width, height } = MARK;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${height / 2}" fill="#14121c" fill-opacity="0.72"/><circle cx="22" cy="${height / 2}" r="6" fill="#ffd21f"/><text x="${width / 2 + 14}" y="${height / 2 + 6}" text-anchor="middle" font-family="${FONT_FAMILY.bold}" font-weight="bold" font-size="16" letter-spacing="1.5" fill="#ffffff">${MARK_TEXT}</text></svg>`,
  );
}

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
  // Flattened first: sharp runs one composite per pipeline, and styles use theirs.
  const flat = await image.removeAlpha().png({ compressionLevel: 0 }).toBuffer();
  const { data, info } = await sharp(flat)
    .composite([{ input: previewMark(), left: MARK.x, top: MARK.y }])
    .removeAlpha()
    .png({ compressionLevel: 2, adaptiveFiltering: true })
    .toBuffer({ resolveWithObject: true });
  if (info.width !== OUTPUT_SIZE || info.height !== OUTPUT_SIZE) {
    throw new Error(`render produced ${info.width}×${info.height}`);
  }
  return data;
}
