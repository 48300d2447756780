import sharp from 'sharp';
import type { Gray, Rgb } from '../pixels';
import { grayImage, readGray, readRgb, rgbImage, smoothstep, svgBuffer } from '../pixels';
import type { Subject } from './framing';

/**
 * A soft matte of the subject (255 = subject), for putting it in front of a new background.
 * No segmentation model ships in the package, so it is built the way GrabCut starts: a shape
 * prior from the detections (head from the face outline, shoulders and body below it, or
 * the animal's box) gives sure-subject, sure-background and an unknown band; colour
 * clusters of the two sure regions then decide each pixel of the band.
 */
const WORK = 256;
const CLUSTERS = 6;

function priorSvg(subject: Subject, size: number): { sure: string; maybe: string } {
  const k = WORK / size;
  const { head, box } = subject;
  const hx = (head.x + head.width / 2) * k;
  const hy = (head.y + head.height / 2) * k;
  const rx = (head.width / 2) * k;
  const ry = (head.height / 2) * k;
  if (subject.kind === 'person') {
    const chin = (head.y + head.height) * k;
    const shoulders = chin + ry * 0.9;
    const half = Math.min(rx * 1.8, (box.width / 2) * k);
    const body = (wide: number, grow: number) =>
      `<path d="M${hx - rx * 0.45 * wide} ${chin - ry * 0.3}L${hx + rx * 0.45 * wide} ${chin - ry * 0.3}L${hx + half * wide} ${shoulders + grow}L${hx + half * wide} ${WORK}L${hx - half * wide} ${WORK}L${hx - half * wide} ${shoulders + grow}Z"/>`;
    return {
      sure: `<ellipse cx="${hx}" cy="${hy + ry * 0.1}" rx="${rx * 0.8}" ry="${ry * 0.76}"/>${body(0.6, ry * 0.4)}`,
      maybe: `<ellipse cx="${hx}" cy="${hy}" rx="${rx * 1.2}" ry="${ry * 1.1}"/>${body(1.25, -ry * 0.2)}`,
    };
  }
  const bx = (box.x + box.width / 2) * k;
  const by = (box.y + box.height / 2) * k;
  const bw = (box.width / 2) * k;
  const bh = (box.height / 2) * k;
  return {
    sure: `<ellipse cx="${bx}" cy="${by}" rx="${bw * 0.55}" ry="${bh * 0.55}"/><ellipse cx="${hx}" cy="${hy}" rx="${rx * 0.6}" ry="${ry * 0.6}"/>`,
    maybe: `<ellipse cx="${bx}" cy="${by}" rx="${bw * 1.12}" ry="${bh * 1.12}"/>`,
  };
}

async function rasterise(shapes: string): Promise<Gray> {
  return readGray(
    sharp(
      svgBuffer(WORK, WORK, `<rect width="${WORK}" height="${WORK}"/><g fill="#fff">${shapes}</g>`),
    ),
  );
}

/** k-means on a sample of pixels (deterministic start: evenly spread samples). */
function clusters(img: Rgb, where: (i: number) => boolean): Float64Array {
  const picked: number[] = [];
  for (let i = 0; i < img.width * img.height; i += 3) if (where(i)) picked.push(i);
  const centres = new Float64Array(CLUSTERS * 3);
  if (picked.length === 0) return centres;
  for (let c = 0; c < CLUSTERS; c++) {
    const i = picked[Math.floor(((c + 0.5) / CLUSTERS) * picked.length)]!;
    centres.set([img.data[i * 3]!, img.data[i * 3 + 1]!, img.data[i * 3 + 2]!], c * 3);
  }
  const sums = new Float64Array(CLUSTERS * 4);
  for (let round = 0; round < 6; round++) {
    sums.fill(0);
    for (const i of picked) {
      const c = nearest(
        centres,
        img.data[i * 3]!,
        img.data[i * 3 + 1]!,
        img.data[i * 3 + 2]!,
      ).index;
      sums[c * 4]! += img.data[i * 3]!;
      sums[c * 4 + 1]! += img.data[i * 3 + 1]!;
      sums[c * 4 + 2]! += img.data[i * 3 + 2]!;
      sums[c * 4 + 3]! += 1;
    }
    for (let c = 0; c < CLUSTERS; c++) {
      const n = sums[c * 4 + 3]!;
      if (n > 0) centres.set([sums[c * 4]! / n, sums[c * 4 + 1]! / n, sums[c * 4 + 2]! / n], c * 3);
    }
  }
  return centres;
}

function nearest(
  centres: Float64Array,
  r: number,
  g: number,
  b: number,
): { index: number; distance: number } {
  let best = 0,
    distance = Infinity;
  for (let c = 0; c < CLUSTERS; c++) {
    const dr = r - centres[c * 3]!,
      dg = g - centres[c * 3 + 1]!,
      db = b - centres[c * 3 + 2]!;
    const d = dr * dr + dg * dg + db * db;
    if (d < distance) {
      distance = d;
      best = c;
    }
  }
  return { index: best, distance: Math.sqrt(distance) };
}

/**
 * Keeps the parts connected to the sure region and fills enclosed holes: colour decisions
 * alone leave islands (a red flag stripe beside an orange suit) and pits (a dark eye).
 */
function tidy(mask: Uint8Array, sure: Gray): void {
  const n = WORK * WORK;
  const keep = new Uint8Array(n);
  const stack: number[] = [];
  const mark = (into: Uint8Array, i: number): void => {
    into[i] = 1;
    stack.push(i);
  };
  for (let i = 0; i < n; i++) if (sure.data[i]! > 128 && mask[i]! > 128) mark(keep, i);
  const spread = (inside: (i: number) => boolean, into: Uint8Array): void => {
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % WORK;
      for (const j of [i - WORK, i + WORK, x > 0 ? i - 1 : -1, x < WORK - 1 ? i + 1 : -1]) {
        if (j >= 0 && j < n && !into[j] && inside(j)) mark(into, j);
      }
    }
  };
  spread((j) => mask[j]! > 128, keep);
  const outside = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const x = i % WORK,
      y = (i / WORK) | 0;
    const edge = x === 0 || y === 0 || x === WORK - 1;
    if (edge && !keep[i]) mark(outside, i);
  }
  spread((j) => !keep[j], outside);
  for (let i = 0; i < n; i++) mask[i] = outside[i] ? Math.min(mask[i]!, keep[i] ? 255 : 0) : 255;
}

/** A soft oval: for a subject that fills the frame, where there is no background to learn. */
async function vignette(subject: Subject, size: number): Promise<Gray> {
  const { box } = subject;
  const cx = box.x + box.width / 2,
    cy = box.y + box.height / 2;
  const rx = Math.min(size * 0.47, box.width * 0.5),
    ry = Math.min(size * 0.47, box.height * 0.55);
  return readGray(
    sharp(
      svgBuffer(
        size,
        size,
        `<rect width="${size}" height="${size}"/><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff"/>`,
      ),
    ).blur(size / 60),
  );
}

export async function subjectMask(square: Rgb, subject: Subject): Promise<Gray> {
  const size = square.width;
  if (subject.kind === 'none') {
    return { data: new Uint8Array(size * size).fill(255), width: size, height: size };
  }
  const clampedArea =
    Math.max(0, Math.min(size, subject.box.x + subject.box.width) - Math.max(0, subject.box.x)) *
    Math.max(0, Math.min(size, subject.box.y + subject.box.height) - Math.max(0, subject.box.y));
  if (subject.kind !== 'person' && clampedArea > size * size * 0.55) return vignette(subject, size);
  const small = await readRgb(rgbImage(square).resize(WORK, WORK).blur(1));
  const shapes = priorSvg(subject, size);
  const [sure, maybe] = await Promise.all([rasterise(shapes.sure), rasterise(shapes.maybe)]);
  const fg = clusters(small, (i) => sure.data[i]! > 128);
  const bg = clusters(small, (i) => maybe.data[i]! < 128);
  const hasBackground = maybe.data.some((v) => v < 128);
  const out = new Uint8Array(WORK * WORK);
  for (let i = 0; i < out.length; i++) {
    if (sure.data[i]! > 128) out[i] = 255;
    else if (maybe.data[i]! < 128 || !hasBackground) out[i] = maybe.data[i]! < 128 ? 0 : 255;
    else {
      const r = small.data[i * 3]!,
        g = small.data[i * 3 + 1]!,
        b = small.data[i * 3 + 2]!;
      const df = nearest(fg, r, g, b).distance;
      const db = nearest(bg, r, g, b).distance;
      out[i] = 255 * smoothstep(0.45, 0.7, db / (df + db + 1e-6));
    }
  }
  // Close small holes and speckle, keep what belongs to the subject, then scale up with a
  // soft but definite edge.
  const median = await readGray(grayImage({ data: out, width: WORK, height: WORK }).median(5));
  tidy(median.data, sure);
  const cleaned = await readGray(grayImage(median).blur(1.2));
  const big = await readGray(grayImage(cleaned).resize(size, size, { kernel: 'cubic' }));
  const data = big.data;
  for (let i = 0; i < data.length; i++) data[i] = 255 * smoothstep(90, 165, data[i]!);
  return { data, width: size, height: size };
}
