import sharp from 'sharp';
import {
  blurGray,
  dogInk,
  grayImage,
  luminance,
  readGray,
  readRgb,
  rgbImage,
  smoothstep,
} from '../pixels';
import { bilateral, kuwahara } from '../filters';
import type { Gray, Rgb } from '../pixels';

/**
 * Edge-preserving "paint" pass. Runs at half size (4× cheaper, and the strokes come out
 * broader, which reads as painted rather than filtered), then scales back up.
 */
export async function paintedBase(
  square: Rgb,
  radii: readonly number[],
  blur: number,
): Promise<Rgb> {
  // One bilateral pass first takes out fine texture that would turn into square blotches.
  let img = bilateral(
    await readRgb(rgbImage(square).resize(square.width >> 1, square.height >> 1)),
    3,
    16,
  );
  for (const radius of radii) img = kuwahara(img, radius);
  const up = rgbImage(img).resize(square.width, square.height, { kernel: 'cubic' });
  return readRgb(blur > 0 ? up.blur(blur) : up);
}

/** Cartoon smoothing: repeated bilateral passes at half size, so skin and fur go flat. */
export async function smoothBase(
  square: Rgb,
  passes: number,
  sigmaRange: number,
  blur: number,
): Promise<Rgb> {
  let img = await readRgb(rgbImage(square).resize(square.width >> 1, square.height >> 1));
  for (let i = 0; i < passes; i++) img = bilateral(img, 4, sigmaRange);
  const up = rgbImage(img).resize(square.width, square.height, { kernel: 'cubic' });
  return readRgb(blur > 0 ? up.blur(blur) : up);
}

/** Ink coverage from edges of the photo (difference of Gaussians on luminance). */
export async function inkLines(
  square: Rgb,
  sigma: number,
  from: number,
  to: number,
): Promise<Gray> {
  const lum = luminance(square);
  const [fine, coarse] = await Promise.all([blurGray(lum, sigma), blurGray(lum, sigma * 1.9)]);
  return dogInk(fine, coarse, from, to);
}

export function clampByte(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

/** Hue (0..360), saturation and value (0..1) of an RGB triple. */
export function toHsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  let h = 0;
  if (delta > 0) {
    if (max === r) h = 60 * (((g - b) / delta + 6) % 6);
    else if (max === g) h = 60 * ((b - r) / delta + 2);
    else h = 60 * ((r - g) / delta + 4);
  }
  return [h, max === 0 ? 0 : delta / max, max / 255];
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * Where the subject probably is, in square coordinates: libvips' attention point (skin
 * tones, saturation, detail), pulled towards the centre because busy backgrounds fool it.
 */
export async function subjectFocus(square: Rgb): Promise<Point> {
  const { info } = await rgbImage(square)
    .resize(256, 128, { fit: 'cover', position: sharp.strategy.attention })
    .toBuffer({ resolveWithObject: true });
  const ax = ((info.attentionX ?? 128) / 256) * square.width;
  const ay = ((info.attentionY ?? 128) / 256) * square.height;
  const cx = square.width / 2;
  return {
    x: Math.min(square.width * 0.62, Math.max(square.width * 0.38, cx + (ax - cx) * 0.35)),
    y: Math.min(square.height * 0.55, Math.max(square.height * 0.24, ay)),
  };
}

/**
 * Cel shading: each pixel's luminance (taken from `shading`, usually a blurred copy so band
 * edges are smooth curves rather than texture noise) snaps to flat tones; hue is kept.
 */
export function celShade(
  img: Rgb,
  shading: Gray,
  thresholds: readonly number[],
  tones: readonly number[],
): void {
  const d = img.data;
  for (let i = 0, j = 0; i < shading.data.length; i++, j += 3) {
    const r = d[j]!,
      g = d[j + 1]!,
      b = d[j + 2]!;
    const l = Math.max(1, 0.299 * r + 0.587 * g + 0.114 * b);
    const s = shading.data[i]!;
    let tone = tones[0]!;
    for (let t = 0; t < thresholds.length; t++) {
      tone += smoothstep(thresholds[t]! - 3, thresholds[t]! + 3, s) * (tones[t + 1]! - tones[t]!);
    }
    const k = tone / l;
    d[j] = clampByte(r * k);
    d[j + 1] = clampByte(g * k);
    d[j + 2] = clampByte(b * k);
  }
}

/**
 * Fakes volumetric shading: treats the heavily blurred luminance as a height field lit
 * from the top left, so broad forms get a bright and a shaded side like a 3D render.
 */
export async function sculpt(img: Rgb, source: Rgb, strength: number): Promise<void> {
  const height = await readGray(
    grayImage(luminance(source))
      .resize(img.width >> 2, img.height >> 2)
      .blur(2.2)
      .resize(img.width, img.height),
  );
  const w = img.width,
    h = img.height,
    d = img.data,
    hd = height.data;
  const step = 6;
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - step) * w,
      yb = Math.min(h - 1, y + step) * w;
    for (let x = 0; x < w; x++) {
      const xa = Math.max(0, x - step),
        xb = Math.min(w - 1, x + step);
      const slope = (hd[ya + xa]! - hd[yb + xb]!) * strength;
      const j = (y * w + x) * 3;
      d[j] = clampByte(d[j]! + slope * 1.05);
      d[j + 1] = clampByte(d[j + 1]! + slope);
      d[j + 2] = clampByte(d[j + 2]! + slope * 0.9);
    }
  }
}
