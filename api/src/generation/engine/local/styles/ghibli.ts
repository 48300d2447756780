import type { Sharp } from 'sharp';
import { OUTPUT_SIZE, type PreparedPhoto, type StyleContext } from '../style-renderer';
import { applyInk, rgbImage, saturate, seededRandom, svgBuffer } from '../pixels';
import type { Rgb } from '../pixels';
import { inkLines, paintedBase } from './shared';
import { lightFrom, overlay, sceneFor, weatherInput } from './compose';

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
    data[j] = Math.min(255, 16 + r * k * 0.95 + 6);
    data[j + 1] = Math.min(255, 14 + g * k * 0.95 + 2);
    data[j + 2] = Math.min(255, 14 + b * k * 0.92);
  }
}

function glowOverlay(): Buffer {
  return svgBuffer(
    OUTPUT_SIZE,
    OUTPUT_SIZE,
    `<defs>
      <radialGradient id="sun" cx="0.22" cy="0.12" r="0.7">
        <stop offset="0" stop-color="#fff6d8" stop-opacity="0.35"/>
        <stop offset="0.35" stop-color="#ffe7b0" stop-opacity="0.1"/>
        <stop offset="1" stop-color="#ffd9a0" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="vig" cx="0.5" cy="0.5" r="0.75">
        <stop offset="0.65" stop-color="#6b4a2b" stop-opacity="0"/>
        <stop offset="1" stop-color="#6b4a2b" stop-opacity="0.22"/>
      </radialGradient>
    </defs>
    <rect width="${OUTPUT_SIZE}" height="${OUTPUT_SIZE}" fill="url(#sun)"/>
    <rect width="${OUTPUT_SIZE}" height="${OUTPUT_SIZE}" fill="url(#vig)"/>`,
  );
}

/** Faint watercolour-paper grain. */
function paperGrain(img: Rgb, seed: number): void {
  const random = seededRandom(seed ^ 0x6b1b);
  const data = img.data;
  for (let j = 0; j < data.length; j += 3) {
    const n = (random() - 0.5) * 7;
    data[j] = Math.max(0, Math.min(255, data[j]! + n));
    data[j + 1] = Math.max(0, Math.min(255, data[j + 1]! + n));
    data[j + 2] = Math.max(0, Math.min(255, data[j + 2]! + n));
  }
}

/**
 * The subject in front of a painted sky and meadow (or the place the prompt names), then the
 * whole picture painted at once with an edge-aware Kuwahara filter, so figure and scenery
 * share one brush; soft brown line work on the figure only.
 */
export async function renderGhibli(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const { scene, image: world } = await sceneFor(ctx.direction, photo.subject, {
    size: OUTPUT_SIZE,
    defaultPlaces: ['meadow', 'meadow', 'mountain', 'forest'],
    defaultTimes: ['day', 'day', 'dawn', 'sunset'],
  });
  const mask = await ctx.mask();
  const figure: Rgb = { ...photo.square, data: Uint8Array.from(photo.square.data) };
  lightFrom(figure, scene, 0.25);
  overlay(world, figure, mask);
  ctx.checkpoint();
  const painted = await paintedBase(world, [3, 2], 1.2);
  pastelGrade(painted.data);
  saturate(painted, 1.35);
  const lines = await inkLines(photo.square, 1.4, 0.03, 0.09);
  for (let i = 0; i < lines.data.length; i++)
    lines.data[i] = (lines.data[i]! * mask.data[i]!) / 255;
  applyInk(painted, lines, [78, 52, 38], 0.7);
  paperGrain(painted, ctx.direction.seed);
  ctx.checkpoint();
  return rgbImage(painted).composite([
    { input: glowOverlay(), blend: 'over' },
    ...weatherInput(scene),
  ]);
}
