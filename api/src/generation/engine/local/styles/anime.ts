import type { Sharp } from 'sharp';
import type { PreparedPhoto, StyleContext } from '../render';
import { applyInk, blurGray, dogInk, luminance, rgbImage, saturate, svgBuffer } from '../pixels';
import { SIZE, celShade, smoothBase } from './shared';

/** Shadow, mid, light and highlight tones with their luminance thresholds. */
const THRESHOLDS = [62, 118, 190] as const;
const TONES = [48, 108, 176, 236] as const;

function lightOverlay(): Buffer {
  return svgBuffer(
    SIZE,
    SIZE,
    `<defs>
      <linearGradient id="l" x1="1" y1="0" x2="0.2" y2="1">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/>
        <stop offset="0.4" stop-color="#ffffff" stop-opacity="0"/>
        <stop offset="1" stop-color="#3a2a7a" stop-opacity="0.14"/>
      </linearGradient>
    </defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#l)"/>`,
  );
}

export async function renderAnime(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const base = await smoothBase(photo.square, 3, 22, 1.2);
  ctx.checkpoint();
  const lum = luminance(base);
  const [shading, fine, coarse] = await Promise.all([
    blurGray(lum, 3),
    blurGray(lum, 1.2),
    blurGray(lum, 2.4),
  ]);
  celShade(base, shading, THRESHOLDS, TONES);
  saturate(base, 1.5);
  applyInk(base, dogInk(fine, coarse, 0.02, 0.05), [28, 22, 40]);
  ctx.checkpoint();
  return rgbImage(base).composite([{ input: lightOverlay(), blend: 'over' }]);
}
