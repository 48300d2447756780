import sharp from 'sharp';
import type { Gray, Rgb } from '../pixels';
import { readGray, readRgb, rgbImage, svgBuffer } from '../pixels';

/** A square to cut from the photo, in photo pixels; it may reach past the photo's edges. */
export interface Crop {
  readonly left: number;
  readonly top: number;
  readonly side: number;
}

/**
 * Cuts the square and scales it to size; where it reaches past the photo, the photo is mirrored
 * into the band and softened.
 */
export async function cutSquare(full: Rgb, crop: Crop, size: number): Promise<Rgb> {
  const left = Math.round(crop.left);
  const top = Math.round(crop.top);
  const side = Math.max(1, Math.round(crop.side));
  const padLeft = Math.max(0, -left);
  const padTop = Math.max(0, -top);
  const padRight = Math.max(0, left + side - full.width);
  const padBottom = Math.max(0, top + side - full.height);
  if (padLeft + padTop + padRight + padBottom === 0) {
    return readRgb(
      rgbImage(full).extract({ left, top, width: side, height: side }).resize(size, size),
    );
  }
  // Mirror the photo into the band, softened so it reads as out-of-focus surroundings.
  const inside = {
    left: Math.max(0, left),
    top: Math.max(0, top),
    width: Math.min(full.width, left + side) - Math.max(0, left),
    height: Math.min(full.height, top + side) - Math.max(0, top),
  };
  const piece = await readRgb(rgbImage(full).extract(inside));
  const extended = await readRgb(
    rgbImage(piece).extend({
      left: padLeft,
      top: padTop,
      right: padRight,
      bottom: padBottom,
      extendWith: 'mirror',
    }),
  );
  const soft = await readRgb(rgbImage(extended).blur(Math.max(2, side / 60)));
  const mask = await bandMask(extended.width, extended.height, padLeft, padTop, piece);
  const out = new Uint8Array(extended.data.length);
  for (let i = 0, j = 0; i < mask.data.length; i++, j += 3) {
    const a = mask.data[i]! / 255;
    for (let c = 0; c < 3; c++) {
      out[j + c] = extended.data[j + c]! * a + soft.data[j + c]! * (1 - a);
    }
  }
  return readRgb(
    rgbImage({ data: out, width: extended.width, height: extended.height }).resize(size, size),
  );
}

/** 255 over the real photo, fading to 0 across a few pixels into the mirrored band. */
async function bandMask(
  width: number,
  height: number,
  left: number,
  top: number,
  piece: Rgb,
): Promise<Gray> {
  const svg = svgBuffer(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="#000"/><rect x="${left}" y="${top}" width="${piece.width}" height="${piece.height}" fill="#fff"/>`,
  );
  return readGray(sharp(svg).blur(Math.max(1, Math.min(width, height) / 120)));
}
