import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { PreparedPhoto, StyleContext } from '../render';
import { applyInk, readRgb, rgbImage, saturate, svgBuffer } from '../pixels';
import { bilateral } from '../filters';
import type { Rgb } from '../pixels';
import { cardBackSvg, cardFrontSvg, layoutCard } from './action-figure-card';
import type { Rect } from './action-figure-card';
import { SIZE, clampByte, inkLines, sculpt, subjectFocus } from './shared';

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

/** The photo cropped to the bubble's shape around the subject, at the bubble's size. */
async function cropToBubble(photo: PreparedPhoto, bubble: Rect): Promise<Rgb> {
  const focus = await subjectFocus(photo.square);
  const aspect = bubble.width / bubble.height;
  const width = aspect < 1 ? Math.round(SIZE * aspect) : SIZE;
  const height = aspect < 1 ? SIZE : Math.round(SIZE / aspect);
  const left = Math.round(Math.min(SIZE - width, Math.max(0, focus.x - width / 2)));
  const top = Math.round(Math.min(SIZE - height, Math.max(0, focus.y - height * 0.4)));
  return readRgb(
    rgbImage(photo.square)
      .extract({ left, top, width, height })
      .resize(bubble.width, bubble.height),
  );
}

export async function renderActionFigure(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const layout = layoutCard(ctx.actionFigure ?? DEFAULT_DETAILS);
  const { bubble } = layout;
  const crop = await cropToBubble(photo, bubble);
  const toy = bilateral(bilateral(crop, 4, 18), 4, 18);
  ctx.checkpoint();
  await sculpt(toy, crop, 0.35);
  plastic(toy);
  saturate(toy, 1.4);
  applyInk(toy, await inkLines(toy, 1.2, 0.03, 0.07), [20, 16, 24], 0.7);
  const mask = svgBuffer(
    bubble.width,
    bubble.height,
    `<rect width="${bubble.width}" height="${bubble.height}" rx="36" fill="#fff"/>`,
  );
  const figure = await rgbImage(toy)
    .ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }])
    .png({ compressionLevel: 0 })
    .toBuffer();
  ctx.checkpoint();
  return sharp(Buffer.from(cardBackSvg(layout))).composite([
    { input: figure, left: bubble.x, top: bubble.y },
    { input: Buffer.from(cardFrontSvg(layout)), left: 0, top: 0 },
  ]);
}
