import sharp from 'sharp';
import type { Sharp } from 'sharp';

/** 8-bit interleaved RGB pixels. */
export interface Rgb {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** 8-bit single-channel pixels (luminance, masks, ink coverage). */
export interface Gray {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export type Colour = readonly [number, number, number];

export async function readRgb(image: Sharp): Promise<Rgb> {
  const { data, info } = await image
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

export async function readGray(image: Sharp): Promise<Gray> {
  const { data, info } = await image.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function rgbImage(img: Rgb): Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
}

export function grayImage(img: Gray): Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } });
}

export function luminance(img: Rgb): Gray {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const d = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    out[i] = (77 * d[j]! + 150 * d[j + 1]! + 29 * d[j + 2]!) >> 8;
  }
  return { data: out, width: img.width, height: img.height };
}

export async function blurGray(img: Gray, sigma: number): Promise<Gray> {
  return readGray(grayImage(img).blur(sigma));
}

export async function blurRgb(img: Rgb, sigma: number): Promise<Rgb> {
  return readRgb(rgbImage(img).blur(sigma));
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** Pushes colours away from (amount > 1) or towards (< 1) their own grey, in place. */
export function saturate(img: Rgb, amount: number): void {
  const d = img.data;
  for (let j = 0; j < d.length; j += 3) {
    const r = d[j]!,
      g = d[j + 1]!,
      b = d[j + 2]!;
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    d[j] = clamp(l + (r - l) * amount);
    d[j + 1] = clamp(l + (g - l) * amount);
    d[j + 2] = clamp(l + (b - l) * amount);
  }
}

/** Unsharp mask against a blurred copy, in place (large sigma = local contrast "clarity"). */
export function unsharp(img: Rgb, blurred: Rgb, amount: number): void {
  const d = img.data,
    b = blurred.data;
  for (let j = 0; j < d.length; j++) d[j] = clamp(d[j]! + (d[j]! - b[j]!) * amount);
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

/**
 * Ink coverage (255 = ink) from a difference of Gaussians: a pixel darker than its
 * neighbourhood by more than `from` starts to get ink, fully inked at `to` (0..1 units).
 */
export function dogInk(fine: Gray, coarse: Gray, from: number, to: number): Gray {
  const n = fine.width * fine.height;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const diff = (coarse.data[i]! - fine.data[i]!) / 255;
    out[i] = 255 * smoothstep(from, to, diff);
  }
  return { data: out, width: fine.width, height: fine.height };
}

/** Lays ink of one colour over the image, in place; `ink` is the coverage mask. */
export function applyInk(img: Rgb, ink: Gray, colour: Colour, opacity = 1): void {
  const n = img.width * img.height;
  const d = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const a = (ink.data[i]! / 255) * opacity;
    if (a <= 0) continue;
    d[j] = d[j]! + (colour[0] - d[j]!) * a;
    d[j + 1] = d[j + 1]! + (colour[1] - d[j + 1]!) * a;
    d[j + 2] = d[j + 2]! + (colour[2] - d[j + 2]!) * a;
  }
}

/** Deterministic PRNG (mulberry32) so textures are identical on every render. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function svgBuffer(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}
