import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { OUTPUT_SIZE, type PreparedPhoto, type StyleContext } from '../style-renderer';
import { blurRgb, readGray, readRgb, rgbImage, saturate, svgBuffer, unsharp } from '../pixels';
import type { Gray, Rgb } from '../pixels';
import { clampByte, sculpt, smoothBase } from './shared';
import { enlargeEyes, eyeGlints, overlay, sceneFor, weatherInput } from './compose';

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
    OUTPUT_SIZE,
    OUTPUT_SIZE,
    `<defs>
      <radialGradient id="key" cx="0.3" cy="0.18" r="0.65">
        <stop offset="0" stop-color="#fff3d6" stop-opacity="0.16"/>
        <stop offset="1" stop-color="#fff3d6" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="vig" cx="0.5" cy="0.45" r="0.75">
        <stop offset="0.6" stop-color="#0b1030" stop-opacity="0"/>
        <stop offset="1" stop-color="#05081c" stop-opacity="0.45"/>
      </radialGradient>
    </defs>
    <rect width="${OUTPUT_SIZE}" height="${OUTPUT_SIZE}" fill="url(#key)"/>
    <rect width="${OUTPUT_SIZE}" height="${OUTPUT_SIZE}" fill="url(#vig)"/>`,
  );
}

/**
 * Warm rim light: the matte minus itself shifted towards the light, blurred, so a glowing
 * edge runs down the figure's back-lit side.
 */
async function rimLight(img: Rgb, mask: Gray): Promise<void> {
  const shift = 14;
  const w = mask.width;
  const edge = new Uint8Array(mask.data.length);
  for (let i = 0; i < edge.length; i++) {
    const x = i % w;
    const inner = x >= shift ? mask.data[i - shift]! : 0;
    edge[i] = Math.max(0, mask.data[i]! - inner);
  }
  const soft = await readGray(
    sharp(edge, { raw: { width: w, height: mask.height, channels: 1 } }).blur(5),
  );
  const d = img.data;
  for (let i = 0, j = 0; i < soft.data.length; i++, j += 3) {
    const a = Math.min(1, (soft.data[i]! / 255) * 1.6) * (mask.data[i]! / 255);
    if (a <= 0) continue;
    d[j] = clampByte(d[j]! + (255 - d[j]!) * a * 0.9);
    d[j + 1] = clampByte(d[j + 1]! + (196 - d[j + 1]!) * a * 0.8);
    d[j + 2] = clampByte(d[j + 2]! + (120 - d[j + 2]!) * a * 0.6);
  }
}

/**
 * Soft rounded shading (smoothing plus a relief lit from the top left), larger eyes with
 * catch-lights, a warm rim light along the figure's edge, and the scene behind it thrown
 * out of focus like a lens with shallow depth of field.
 */
export async function renderPixar(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const figure: Rgb = { ...photo.square, data: Uint8Array.from(photo.square.data) };
  enlargeEyes(figure, photo.subject, 0.45);
  const base = await smoothBase(figure, 3, 16, 0.8);
  ctx.checkpoint();
  await sculpt(base, figure, 0.4);
  grade(base);
  saturate(base, 1.4);
  unsharp(base, await blurRgb(base, 2.5), 0.6);
  const { scene, image: world } = await sceneFor(ctx.direction, photo.subject, {
    size: OUTPUT_SIZE,
    defaultPlaces: ['meadow', 'city', 'forest'],
    defaultTimes: ['day', 'sunset', 'dawn'],
  });
  const mask = await ctx.mask();
  await rimLight(base, mask);
  const backdrop = await readRgb(
    rgbImage(world)
      .resize(OUTPUT_SIZE / 4, OUTPUT_SIZE / 4)
      .blur(4)
      .resize(OUTPUT_SIZE, OUTPUT_SIZE),
  );
  saturate(backdrop, 1.2);
  overlay(backdrop, base, mask);
  ctx.checkpoint();
  const bloom = await rgbImage(backdrop)
    .resize(256, 256)
    .linear(1.4, -190)
    .blur(6)
    .resize(OUTPUT_SIZE, OUTPUT_SIZE)
    .png({ compressionLevel: 0 })
    .toBuffer();
  return rgbImage(backdrop).composite([
    { input: Buffer.from(eyeGlints(photo.subject, OUTPUT_SIZE, 1.2)) },
    { input: bloom, blend: 'screen' },
    { input: lightingOverlay(), blend: 'over' },
    ...weatherInput(scene),
  ]);
}
