import type { Sharp } from 'sharp';
import { OUTPUT_SIZE, type PreparedPhoto, type StyleContext } from '../style-renderer';
import {
  applyInk,
  blurGray,
  dogInk,
  luminance,
  readRgb,
  rgbImage,
  saturate,
  smoothstep,
  svgBuffer,
} from '../pixels';
import type { Colour, Rgb } from '../pixels';
import { smoothBase } from './shared';
import { overlay, sceneFor, silhouetteLine, weatherInput } from './compose';

const PAPER: Colour = [247, 240, 220];
const INK: Colour = [24, 22, 22];
const MARGIN = 40;

function panelFrame(): Buffer {
  const inner = OUTPUT_SIZE - MARGIN * 2;
  const paper = `rgb(${PAPER.join(',')})`;
  return svgBuffer(
    OUTPUT_SIZE,
    OUTPUT_SIZE,
    `<path fill-rule="evenodd" fill="${paper}" d="M0 0H${OUTPUT_SIZE}V${OUTPUT_SIZE}H0Z M${MARGIN + 14} ${MARGIN}h${inner - 28}q14 0 14 14v${inner - 28}q0 14 -14 14h-${inner - 28}q-14 0 -14 -14v-${inner - 28}q0 -14 14 -14Z"/>
    <rect x="${MARGIN}" y="${MARGIN}" width="${inner}" height="${inner}" rx="14" fill="none" stroke="rgb(${INK.join(',')})" stroke-width="9"/>`,
  );
}

/** The Sunday strip's flat inks: every area of the picture becomes one of them. */
const FLATS: readonly Colour[] = [
  [247, 240, 220],
  [250, 214, 178],
  [232, 170, 120],
  [240, 150, 70],
  [222, 74, 62],
  [246, 208, 84],
  [132, 184, 104],
  [80, 140, 80],
  [96, 152, 208],
  [150, 200, 235],
  [150, 120, 190],
  [160, 110, 70],
  [196, 196, 190],
  [110, 108, 110],
  [40, 38, 40],
];

/** Palette quantisation to FLATS (nearest colour, by a luminance-weighted distance). */
function flatten(img: Rgb): Rgb {
  const out = new Uint8Array(img.data.length);
  for (let j = 0; j < img.data.length; j += 3) {
    const r = img.data[j]!,
      g = img.data[j + 1]!,
      b = img.data[j + 2]!;
    let best = FLATS[0]!,
      distance = Infinity;
    for (const c of FLATS) {
      const dr = r - c[0],
        dg = g - c[1],
        db = b - c[2];
      const d = 0.3 * dr * dr + 0.59 * dg * dg + 0.11 * db * db + 0.4 * (dr - dg) * (dr - dg);
      if (d < distance) {
        distance = d;
        best = c;
      }
    }
    out[j] = best[0];
    out[j + 1] = best[1];
    out[j + 2] = best[2];
  }
  return { data: out, width: img.width, height: img.height };
}

/**
 * Newspaper strip: the figure in front of an outlined scene, the whole panel reduced to a
 * handful of flat inks (palette quantisation, cleaned with a median filter), bold black line
 * art from the figure's edges and silhouette, on off-white paper inside a ruled panel.
 */
export async function renderSnoopy(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const { scene, image: world } = await sceneFor(ctx.direction, photo.subject, {
    size: OUTPUT_SIZE,
    defaultPlaces: ['meadow', 'meadow', 'city', 'snow'],
    defaultTimes: ['day'],
    outlined: true,
  });
  const base = await smoothBase(photo.square, 3, 22, 1);
  ctx.checkpoint();
  const mask = await ctx.mask();
  overlay(world, base, mask);
  saturate(world, 1.25);
  const half = await readRgb(rgbImage(world).resize(OUTPUT_SIZE / 2, OUTPUT_SIZE / 2));
  const flat = await readRgb(
    rgbImage(flatten(half)).median(5).resize(OUTPUT_SIZE, OUTPUT_SIZE, { kernel: 'nearest' }),
  );
  const lum = luminance(base);
  const [fine, coarse] = await Promise.all([blurGray(lum, 1.5), blurGray(lum, 3)]);
  const rawInk = dogInk(fine, coarse, 0.022, 0.045);
  for (let i = 0; i < rawInk.data.length; i++)
    rawInk.data[i] = (rawInk.data[i]! * mask.data[i]!) / 255;
  // Thicken and clean the strokes: blur, then re-threshold.
  const blurred = await blurGray(rawInk, 1.2);
  const ink = { ...blurred, data: blurred.data.map((v) => 255 * smoothstep(60, 120, v)) };
  applyInk(flat, ink, INK);
  applyInk(flat, await silhouetteLine(mask, 8), INK);
  ctx.checkpoint();
  return rgbImage(flat).composite([...weatherInput(scene), { input: panelFrame(), blend: 'over' }]);
}
