import type { Sharp } from 'sharp';
import type { PreparedPhoto, StyleContext } from '../render';
import {
  blurGray,
  dogInk,
  grayImage,
  luminance,
  readGray,
  readRgb,
  rgbImage,
  seededRandom,
  smoothstep,
  svgBuffer,
} from '../pixels';
import type { Colour, Gray, Rgb } from '../pixels';
import { SIZE, smoothBase, toHsv } from './shared';

const PAPER: Colour = [247, 240, 220];
const INK: Colour = [24, 22, 22];
/** Sunday-strip spot colours; anything else stays paper. Ordered by hue. */
const SPOTS: readonly { hue: number; colour: Colour }[] = [
  { hue: 0, colour: [222, 74, 62] },
  { hue: 28, colour: [240, 150, 70] },
  { hue: 50, colour: [246, 208, 84] },
  { hue: 110, colour: [132, 184, 104] },
  { hue: 205, colour: [96, 152, 208] },
  { hue: 275, colour: [150, 120, 190] },
  { hue: 330, colour: [232, 120, 150] },
  { hue: 360, colour: [222, 74, 62] },
];
const HALFTONE_CELL = 9;
const MARGIN = 40;

interface SpotPlate {
  readonly colour: Rgb;
  readonly alpha: Gray;
}

function spotFor(hue: number): Colour {
  let best = SPOTS[0]!;
  for (const spot of SPOTS) if (Math.abs(spot.hue - hue) < Math.abs(best.hue - hue)) best = spot;
  return best.colour;
}

/** Flat spot colour only where the photo is clearly colourful; 0 alpha elsewhere. */
function spotLayer(base: Rgb): SpotPlate {
  const n = base.width * base.height;
  const colour = new Uint8Array(n * 3);
  const alpha = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const [h, s, v] = toHsv(base.data[j]!, base.data[j + 1]!, base.data[j + 2]!);
    const a = smoothstep(0.42, 0.55, s) * smoothstep(0.3, 0.42, v);
    const spot = spotFor(h);
    colour[j] = spot[0];
    colour[j + 1] = spot[1];
    colour[j + 2] = spot[2];
    alpha[i] = a * 255;
  }
  return {
    colour: { data: colour, width: base.width, height: base.height },
    alpha: { data: alpha, width: base.width, height: base.height },
  };
}

/** Rotated dot screen: a dot's radius grows with how dark the area is. */
function halftone(x: number, y: number, darkness: number): number {
  if (darkness < 0.5) return 0;
  const u = (x + y) * Math.SQRT1_2,
    v = (x - y) * Math.SQRT1_2;
  const cu = u / HALFTONE_CELL - Math.floor(u / HALFTONE_CELL) - 0.5;
  const cv = v / HALFTONE_CELL - Math.floor(v / HALFTONE_CELL) - 0.5;
  const dist = Math.sqrt(cu * cu + cv * cv);
  const radius = 0.6 * Math.sqrt((darkness - 0.5) / 0.5);
  return 1 - smoothstep(radius - 0.08, radius + 0.08, dist);
}

function compose(spots: SpotPlate, shade: Gray, ink: Gray): Rgb {
  const w = SIZE;
  const out = new Uint8Array(w * w * 3);
  const random = seededRandom(0x5100);
  // Misregistered colour plate, as on cheap newsprint.
  const shift = 3 * w + 4;
  for (let y = 0; y < w; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x,
        j = i * 3;
      const grain = (random() - 0.5) * 10;
      let r = PAPER[0] + grain,
        g = PAPER[1] + grain,
        b = PAPER[2] + grain * 0.8;
      const si = i >= shift ? i - shift : i;
      const a = (spots.alpha.data[si]! / 255) * 0.8;
      if (a > 0) {
        r += (spots.colour.data[si * 3]! - r) * a;
        g += (spots.colour.data[si * 3 + 1]! - g) * a;
        b += (spots.colour.data[si * 3 + 2]! - b) * a;
      }
      const darkness = 1 - shade.data[i]! / 255;
      const solid = smoothstep(0.84, 0.9, darkness);
      const inked = Math.max(ink.data[i]! / 255, solid, halftone(x, y, darkness) * 0.9);
      out[j] = r + (INK[0] - r) * inked;
      out[j + 1] = g + (INK[1] - g) * inked;
      out[j + 2] = b + (INK[2] - b) * inked;
    }
  }
  return { data: out, width: w, height: w };
}

function panelFrame(): Buffer {
  const inner = SIZE - MARGIN * 2;
  const paper = `rgb(${PAPER.join(',')})`;
  return svgBuffer(
    SIZE,
    SIZE,
    `<path fill-rule="evenodd" fill="${paper}" d="M0 0H${SIZE}V${SIZE}H0Z M${MARGIN + 14} ${MARGIN}h${inner - 28}q14 0 14 14v${inner - 28}q0 14 -14 14h-${inner - 28}q-14 0 -14 -14v-${inner - 28}q0 -14 14 -14Z"/>
    <rect x="${MARGIN}" y="${MARGIN}" width="${inner}" height="${inner}" rx="14" fill="none" stroke="rgb(${INK.join(',')})" stroke-width="9"/>`,
  );
}

export async function renderSnoopy(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const base = await smoothBase(photo.square, 3, 22, 1);
  ctx.checkpoint();
  const lum = luminance(base);
  const [shade, fine, coarse] = await Promise.all([
    blurGray(lum, 2.5),
    blurGray(lum, 1.5),
    blurGray(lum, 3),
  ]);
  const rawInk = dogInk(fine, coarse, 0.018, 0.04);
  // Thicken and clean the strokes: blur, then re-threshold.
  const blurred = await blurGray(rawInk, 1.1);
  const ink = { ...blurred, data: blurred.data.map((v) => 255 * smoothstep(70, 130, v)) };
  const plate = spotLayer(await readRgb(rgbImage(base).resize(SIZE / 2, SIZE / 2)));
  // Bold, flat spot shapes instead of speckles: blur the coverage, then cut it sharply.
  const spread = await readGray(grayImage(plate.alpha).blur(2.5).resize(SIZE, SIZE));
  const spots: SpotPlate = {
    colour: await readRgb(rgbImage(plate.colour).resize(SIZE, SIZE)),
    alpha: { ...spread, data: spread.data.map((v) => 255 * smoothstep(110, 140, v)) },
  };
  ctx.checkpoint();
  return rgbImage(compose(spots, shade, ink)).composite([{ input: panelFrame(), blend: 'over' }]);
}
