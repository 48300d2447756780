import type { Sharp } from 'sharp';
import type { PreparedPhoto, StyleContext } from '../render';
import { applyInk, rgbImage, saturate, seededRandom, svgBuffer } from '../pixels';
import { SIZE, inkLines, paintedBase } from './shared';

/** Warm, lifted, slightly posterised palette: the hand-painted cel look. */
function pastelGrade(data: Uint8Array): void {
  const levels = 9;
  const step = 255 / (levels - 1);
  for (let j = 0; j < data.length; j += 3) {
    const r = data[j]!,
      g = data[j + 1]!,
      b = data[j + 2]!;
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    const banded = Math.round(l / step) * step;
    // Gentle posterisation: move half-way towards the luminance band, keep the hue.
    const k = l > 1 ? 0.5 + (0.5 * banded) / l : 1;
    const rr = r * k,
      gg = g * k,
      bb = b * k;
    data[j] = Math.min(255, 16 + rr * 0.95 + 6);
    data[j + 1] = Math.min(255, 14 + gg * 0.95 + 2);
    data[j + 2] = Math.min(255, 14 + bb * 0.92);
  }
}

function glowOverlay(): Buffer {
  return svgBuffer(
    SIZE,
    SIZE,
    `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#8fcbff" stop-opacity="0.42"/>
        <stop offset="0.4" stop-color="#dff1ff" stop-opacity="0.06"/>
        <stop offset="1" stop-color="#ffe2b0" stop-opacity="0.12"/>
      </linearGradient>
      <radialGradient id="sun" cx="0.22" cy="0.12" r="0.7">
        <stop offset="0" stop-color="#fff6d8" stop-opacity="0.5"/>
        <stop offset="0.35" stop-color="#ffe7b0" stop-opacity="0.16"/>
        <stop offset="1" stop-color="#ffd9a0" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="vig" cx="0.5" cy="0.5" r="0.75">
        <stop offset="0.6" stop-color="#6b4a2b" stop-opacity="0"/>
        <stop offset="1" stop-color="#6b4a2b" stop-opacity="0.28"/>
      </radialGradient>
    </defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#sky)"/>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#sun)"/>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#vig)"/>`,
  );
}

/** Faint watercolour-paper grain, identical on every render. */
function paperGrain(data: Uint8Array): void {
  const random = seededRandom(0x6b1b);
  for (let j = 0; j < data.length; j += 3) {
    const n = (random() - 0.5) * 7;
    data[j] = Math.max(0, Math.min(255, data[j]! + n));
    data[j + 1] = Math.max(0, Math.min(255, data[j + 1]! + n));
    data[j + 2] = Math.max(0, Math.min(255, data[j + 2]! + n));
  }
}

export async function renderGhibli(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const painted = await paintedBase(photo.square, [2, 2], 1.5);
  ctx.checkpoint();
  pastelGrade(painted.data);
  saturate(painted, 1.5);
  applyInk(painted, await inkLines(photo.square, 1.4, 0.03, 0.09), [78, 52, 38], 0.75);
  paperGrain(painted.data);
  ctx.checkpoint();
  return rgbImage(painted).composite([{ input: glowOverlay(), blend: 'over' }]);
}
