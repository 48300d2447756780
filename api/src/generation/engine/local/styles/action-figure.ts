import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { OUTPUT_SIZE, type PreparedPhoto, type StyleContext } from '../style-renderer';
import { applyInk, readRgb, rgbImage, saturate, svgBuffer } from '../pixels';
import type { Gray, Rgb } from '../pixels';
import { cardBackSvg, cardFrontSvg, layoutCard } from './action-figure-card';
import { clampByte, inkLines, sculpt, smoothBase } from './shared';
import { dilate, sceneFor, silhouetteLine } from './compose';

const DEFAULT_DETAILS = { name: 'Hero', profession: '', accessories: [] };

/** Moulded-plastic look: punchy contrast and a hard specular sheen on the bright parts. */
function plastic(img: Rgb): void {
  const d = img.data;
  for (let j = 0; j < d.length; j += 3) {
    const l = 0.299 * d[j]! + 0.587 * d[j + 1]! + 0.114 * d[j + 2]!;
    const sheen = l > 150 ? ((l - 150) / 105) ** 2 * 80 : 0;
    for (let c = 0; c < 3; c++) d[j + c] = clampByte((d[j + c]! - 128) * 1.14 + 128 + sheen);
  }
}

/** The matte's bounding box (alpha above a half). */
function bounds(mask: Gray): { left: number; top: number; width: number; height: number } {
  let x0 = mask.width,
    y0 = mask.height,
    x1 = 0,
    y1 = 0;
  for (let y = 0; y < mask.height; y += 2) {
    for (let x = 0; x < mask.width; x += 2) {
      if (mask.data[y * mask.width + x]! < 128) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 <= x0 || y1 <= y0) return { left: 0, top: 0, width: mask.width, height: mask.height };
  return { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

function rgba(img: Rgb, alpha: Gray): Buffer {
  const out = Buffer.alloc(img.width * img.height * 4);
  for (let i = 0, j = 0; i < alpha.data.length; i++, j += 3) {
    out[i * 4] = img.data[j]!;
    out[i * 4 + 1] = img.data[j + 1]!;
    out[i * 4 + 2] = img.data[j + 2]!;
    out[i * 4 + 3] = alpha.data[i]!;
  }
  return out;
}

/**
 * The subject cut out along its matte, toy-finished (smoothed, sculpted, glossy, outlined),
 * standing on the tray of a blister pack whose printed backdrop is the prompt's scene, with
 * the name, profession, accessories and the chosen pose on the card.
 */
export async function renderActionFigure(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const layout = layoutCard(ctx.actionFigure ?? DEFAULT_DETAILS, ctx.direction.seed);
  const { bubble } = layout;
  const toy = await smoothBase(photo.square, 3, 18, 0.6);
  ctx.checkpoint();
  await sculpt(toy, photo.square, 0.35);
  plastic(toy);
  saturate(toy, 1.35);
  applyInk(toy, await inkLines(toy, 1.2, 0.03, 0.07), [20, 16, 24], 0.7);
  const mask = await ctx.mask();
  applyInk(toy, await silhouetteLine(mask, 6), [20, 16, 24]);
  const outlined = await dilate(mask, 8);
  const box = bounds(outlined);
  // Fit the figure into the bubble standing on its floor.
  const scale = Math.min((bubble.height * 0.9) / box.height, (bubble.width * 0.86) / box.width);
  const width = Math.max(1, Math.round(box.width * scale));
  const height = Math.max(1, Math.round(box.height * scale));
  const cut = await sharp(rgba(toy, outlined), {
    raw: { width: OUTPUT_SIZE, height: OUTPUT_SIZE, channels: 4 },
  })
    .extract(box)
    .raw()
    .toBuffer();
  const figure = await sharp(cut, { raw: { width: box.width, height: box.height, channels: 4 } })
    .resize(width, height)
    .png({ compressionLevel: 0 })
    .toBuffer();
  // The printed diorama behind the figure: the prompt's scene, softened, in the bubble.
  const { image: world } = await sceneFor(ctx.direction, photo.subject, {
    size: OUTPUT_SIZE,
    defaultPlaces: ['city', 'mountain', 'space', 'desert'],
    defaultTimes: ['day', 'sunset'],
  });
  const diorama = await readRgb(
    rgbImage(world).resize(bubble.width, bubble.height, { fit: 'cover' }).blur(1.5),
  );
  const clip = svgBuffer(
    bubble.width,
    bubble.height,
    `<rect width="${bubble.width}" height="${bubble.height}" rx="36" fill="#fff"/>`,
  );
  const print = await rgbImage(diorama)
    .linear(0.85, 20)
    .ensureAlpha()
    .composite([{ input: clip, blend: 'dest-in' }])
    .png({ compressionLevel: 0 })
    .toBuffer();
  const floor = svgBuffer(
    width + 40,
    60,
    `<ellipse cx="${(width + 40) / 2}" cy="30" rx="${width / 2}" ry="16" fill="#000" fill-opacity="0.35"/>`,
  );
  const left = Math.round(bubble.x + (bubble.width - width) / 2);
  const top = Math.round(bubble.y + bubble.height - height - 18);
  ctx.checkpoint();
  return sharp(Buffer.from(cardBackSvg(layout))).composite([
    { input: print, left: bubble.x, top: bubble.y },
    { input: floor, left: left - 20, top: Math.round(bubble.y + bubble.height - 58) },
    { input: figure, left, top },
    { input: Buffer.from(cardFrontSvg(layout)), left: 0, top: 0 },
  ]);
}
