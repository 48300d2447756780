import type { Sharp } from 'sharp';
import type { PreparedPhoto, StyleContext } from '../render';
import { blurRgb, rgbImage, saturate, svgBuffer, unsharp } from '../pixels';
import type { Rgb } from '../pixels';
import { SIZE, clampByte, sculpt, smoothBase } from './shared';

/** Cinematic grade: warm highlights, teal-leaning shadows. */
function grade(img: Rgb): void {
  const d = img.data;
  for (let j = 0; j < d.length; j += 3) {
    const r = d[j]!,
      g = d[j + 1]!,
      b = d[j + 2]!;
    const l = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    const warm = l * l,
      cool = (1 - l) * (1 - l);
    d[j] = clampByte(r + 12 * warm - 10 * cool);
    d[j + 1] = clampByte(g + 8 * warm + 2 * cool);
    d[j + 2] = clampByte(b - 10 * warm + 14 * cool);
  }
}

function lightingOverlay(): Buffer {
  return svgBuffer(
    SIZE,
    SIZE,
    `<defs>
      <radialGradient id="key" cx="0.3" cy="0.18" r="0.65">
        <stop offset="0" stop-color="#fff3d6" stop-opacity="0.18"/>
        <stop offset="1" stop-color="#fff3d6" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="vig" cx="0.5" cy="0.45" r="0.72">
        <stop offset="0.55" stop-color="#0b1030" stop-opacity="0"/>
        <stop offset="0.85" stop-color="#0b1030" stop-opacity="0.38"/>
        <stop offset="1" stop-color="#05081c" stop-opacity="0.72"/>
      </radialGradient>
      <linearGradient id="rim" x1="1" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#7fd4ff" stop-opacity="0.45"/>
        <stop offset="0.35" stop-color="#7fd4ff" stop-opacity="0"/>
        <stop offset="0.75" stop-color="#ffb066" stop-opacity="0"/>
        <stop offset="1" stop-color="#ffb066" stop-opacity="0.35"/>
      </linearGradient>
    </defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#key)"/>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#rim)"/>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#vig)"/>`,
  );
}

export async function renderPixar(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const base = await smoothBase(photo.square, 3, 16, 0.8);
  ctx.checkpoint();
  await sculpt(base, photo.square, 0.4);
  grade(base);
  saturate(base, 1.45);
  unsharp(base, await blurRgb(base, 2.5), 0.8);
  ctx.checkpoint();
  // Bloom: a blurred, brightened copy screened over the top makes materials look lit.
  const bloom = await rgbImage(base)
    .resize(256, 256)
    .linear(1.4, -190)
    .blur(6)
    .resize(SIZE, SIZE)
    .png({ compressionLevel: 0 })
    .toBuffer();
  return rgbImage(base).composite([
    { input: bloom, blend: 'screen' },
    { input: lightingOverlay(), blend: 'over' },
  ]);
}
