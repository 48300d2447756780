import sharp from 'sharp';

/** Greyscale pixels of an image fitted to size×size (for comparisons between renders). */
export async function grey(image: Buffer, size: number): Promise<Uint8Array> {
  return sharp(image).resize(size, size, { fit: 'fill' }).greyscale().raw().toBuffer();
}

/**
 * Mean structural similarity (Wang et al. 2004) over 8×8 windows of two greyscale images of
 * the same size: 1 for identical structure, near 0 for unrelated pictures.
 */
export function ssim(a: Uint8Array, b: Uint8Array, size: number): number {
  const c1 = (0.01 * 255) ** 2,
    c2 = (0.03 * 255) ** 2;
  let total = 0,
    windows = 0;
  for (let y = 0; y + 8 <= size; y += 4) {
    for (let x = 0; x + 8 <= size; x += 4) {
      let ma = 0,
        mb = 0;
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) {
          ma += a[(y + j) * size + x + i]!;
          mb += b[(y + j) * size + x + i]!;
        }
      ma /= 64;
      mb /= 64;
      let va = 0,
        vb = 0,
        cov = 0;
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) {
          const da = a[(y + j) * size + x + i]! - ma;
          const db = b[(y + j) * size + x + i]! - mb;
          va += da * da;
          vb += db * db;
          cov += da * db;
        }
      va /= 63;
      vb /= 63;
      cov /= 63;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows++;
    }
  }
  return total / windows;
}

export function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** Distinct colours after dropping each channel to 5 bits (JPEG noise does not count). */
export async function colourCount(image: Buffer): Promise<number> {
  const { data } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const seen = new Set<number>();
  for (let j = 0; j < data.length; j += 3) {
    seen.add(((data[j]! >> 3) << 10) | ((data[j + 1]! >> 3) << 5) | (data[j + 2]! >> 3));
  }
  return seen.size;
}

/**
 * Whether the local engine's "Preview engine" mark is on an image: in the mark's corner, a
 * dark pill (most pixels dark, whatever the picture behind its 72% opaque fill) carrying
 * white lettering (a few percent of near-white pixels).
 */
export async function hasPreviewMark(
  image: Buffer,
  mark: { x: number; y: number; width: number; height: number },
): Promise<boolean> {
  const inner = {
    left: mark.x + 30,
    top: mark.y + 6,
    width: mark.width - 44,
    height: mark.height - 12,
  };
  const { data } = await sharp(image)
    .resize(1024, 1024, { fit: 'fill' })
    .extract(inner)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let dark = 0,
    white = 0;
  const n = data.length / 3;
  for (let j = 0; j < data.length; j += 3) {
    const l = 0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]!;
    if (l < 95) dark++;
    if (data[j]! > 215 && data[j + 1]! > 215 && data[j + 2]! > 215) white++;
  }
  return dark / n > 0.5 && white / n > 0.04;
}
