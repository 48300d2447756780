import type { Sharp } from 'sharp';
import { OUTPUT_SIZE, type PreparedPhoto, type StyleContext } from '../style-renderer';
import { applyInk, blurGray, dogInk, luminance, rgbImage, saturate, svgBuffer } from '../pixels';
import type { Rgb } from '../pixels';
import { celShade, smoothBase } from './shared';
import {
  enlargeEyes,
  eyeGlints,
  lightFrom,
  overlay,
  sceneFor,
  silhouetteLine,
  weatherInput,
} from './compose';

/** Shadow, mid, light and highlight tones with their luminance thresholds. */
const THRESHOLDS = [62, 118, 190] as const;
const TONES = [48, 108, 176, 236] as const;
const INK = [28, 22, 40] as const;

function lightOverlay(): Buffer {
  return svgBuffer(
    OUTPUT_SIZE,
    OUTPUT_SIZE,
    `<defs>
      <linearGradient id="l" x1="1" y1="0" x2="0.2" y2="1">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/>
        <stop offset="0.4" stop-color="#ffffff" stop-opacity="0"/>
        <stop offset="1" stop-color="#3a2a7a" stop-opacity="0.12"/>
      </linearGradient>
    </defs>
    <rect width="${OUTPUT_SIZE}" height="${OUTPUT_SIZE}" fill="url(#l)"/>`,
  );
}

/**
 * Larger eyes (a lens on each eye from the face landmarks) with catch-lights, the figure
 * cel-shaded in four flat tones with clean ink lines and a bold silhouette outline, in front
 * of a flat background scene.
 */
export async function renderAnime(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const figure: Rgb = { ...photo.square, data: Uint8Array.from(photo.square.data) };
  enlargeEyes(figure, photo.subject, 0.38);
  const base = await smoothBase(figure, 3, 22, 1.2);
  ctx.checkpoint();
  const lum = luminance(base);
  const [shading, fine, coarse] = await Promise.all([
    blurGray(lum, 3),
    blurGray(lum, 1.2),
    blurGray(lum, 2.4),
  ]);
  celShade(base, shading, THRESHOLDS, TONES);
  saturate(base, 1.5);
  applyInk(base, dogInk(fine, coarse, 0.02, 0.05), INK);
  const { scene, image: world } = await sceneFor(ctx.direction, photo.subject, {
    size: OUTPUT_SIZE,
    defaultPlaces: ['city', 'meadow', 'beach'],
    defaultTimes: ['day', 'day', 'sunset'],
  });
  lightFrom(base, scene, 0.2);
  const mask = await ctx.mask();
  overlay(world, base, mask);
  applyInk(world, await silhouetteLine(mask, 7), INK);
  ctx.checkpoint();
  return rgbImage(world).composite([
    { input: Buffer.from(eyeGlints(photo.subject, OUTPUT_SIZE, 1.3)) },
    { input: lightOverlay(), blend: 'over' },
    ...weatherInput(scene),
  ]);
}
