import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { Rgb } from '../pixels';
import { readRgb, rgbImage } from '../pixels';
import { cutSquare, type Crop } from './cut-square';
import { detect } from './detector';
import type { Box, DetectedFace, DetectedObject, Detection, Point } from './detector';

/** What the styles know about the subject, in the coordinates of the prepared square. */
export interface Subject {
  /** `person`: a face was found; `animal`/`object`: a detected object; `none`: saliency only. */
  readonly kind: 'person' | 'animal' | 'object' | 'none';
  /** The whole subject (head and body as far as they are in the frame). */
  readonly box: Box;
  /** The head (a face box with hair and ears allowance for people and animals). */
  readonly head: Box;
  /** Two eyes of the main face, when its landmarks were found. */
  readonly eyes: readonly { readonly centre: Point; readonly radius: number }[];
  /** The main face's outline (landmarks), empty when unknown. */
  readonly outline: readonly Point[];
}

export interface FramedPhoto {
  readonly square: Rgb;
  readonly subject: Subject;
}

const ANIMALS = new Set([
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
  'teddy bear',
]);

/** Faces are about this share of the output's side in a head-and-shoulders frame. */
const FACE_SHARE = 0.3;
/** How far past the photo's short side a frame may reach to keep a wide subject whole. */
const MAX_PAD = 1.35;
/** The analysis runs on at most this many pixels a side (detection cost grows with area). */
const ANALYSIS_SIZE = 640;

function clampBox(box: Box, width: number, height: number): Box {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  return {
    x,
    y,
    width: Math.max(1, Math.min(width, box.x + box.width) - x),
    height: Math.max(1, Math.min(height, box.y + box.height) - y),
  };
}

/** Slides a square of `side` centred on (cx, cy) inside the photo where it fits. */
function placeSquare(cx: number, cy: number, side: number, width: number, height: number): Crop {
  const place = (centre: number, extent: number): number =>
    side <= extent ? Math.min(extent - side, Math.max(0, centre - side / 2)) : (extent - side) / 2;
  return { left: place(cx, width), top: place(cy, height), side };
}

/**
 * The object a portrait is about: the most confident animal or person, or any other thing
 * that fills at least a tenth of the photo (a small sun or a cup is not a subject).
 */
function mainObject(detection: Detection, width: number, height: number): DetectedObject | null {
  for (const object of detection.objects) {
    const box = clampBox(object.box, width, height);
    const share = (box.width * box.height) / (width * height);
    if (ANIMALS.has(object.label) || object.label === 'person' || share >= 0.1) return object;
  }
  return null;
}

/** The square to cut from a photo of width×height for the detection (photo pixels). */
export function frameFor(detection: Detection, width: number, height: number): Crop | null {
  const short = Math.min(width, height);
  const face = detection.faces[0];
  if (face) {
    const side = Math.min(Math.max(face.box.width / FACE_SHARE, short * 0.5), short);
    const cx = face.box.x + face.box.width / 2;
    // Eyes a little above the middle: room for shoulders below and hair above.
    const cy = face.box.y + face.box.height / 2 + side * 0.12;
    return placeSquare(cx, cy, side, width, height);
  }
  const object = mainObject(detection, width, height);
  if (object) {
    const box = clampBox(object.box, width, height);
    const side = Math.min(Math.max(box.width, box.height) * 1.08, short * MAX_PAD);
    return placeSquare(box.x + box.width / 2, box.y + box.height / 2, side, width, height);
  }
  return null;
}

function mapBox(box: Box, crop: Crop, scale: number): Box {
  return {
    x: (box.x - crop.left) * scale,
    y: (box.y - crop.top) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
}

function mapPoint(p: Point, crop: Crop, scale: number): Point {
  return { x: (p.x - crop.left) * scale, y: (p.y - crop.top) * scale };
}

function subjectFrom(
  detection: Detection,
  crop: Crop,
  scale: number,
  size: number,
  width: number,
  height: number,
): Subject {
  const face: DetectedFace | undefined = detection.faces[0];
  if (face) {
    const head = mapBox(face.box, crop, scale);
    // Hair and ears: the head is taller and a little wider than the face box.
    const grown: Box = {
      x: head.x - head.width * 0.12,
      y: head.y - head.height * 0.3,
      width: head.width * 1.24,
      height: head.height * 1.42,
    };
    const bodyWidth = Math.min(size, head.width * 3.2);
    return {
      kind: 'person',
      head: grown,
      box: {
        x: head.x + head.width / 2 - bodyWidth / 2,
        y: grown.y,
        width: bodyWidth,
        height: size - grown.y,
      },
      eyes: face.eyes.map((eye) => ({
        centre: mapPoint(eye.centre, crop, scale),
        radius: eye.radius * scale,
      })),
      outline: face.outline.map((p) => mapPoint(p, crop, scale)),
    };
  }
  const object = mainObject(detection, width, height)!;
  const box = mapBox(clampBox(object.box, width, height), crop, scale);
  const close = (box.width * box.height) / (size * size) > 0.45;
  const headSide = Math.min(box.width, box.height) * (close ? 0.85 : 0.5);
  return {
    kind: ANIMALS.has(object.label) ? 'animal' : 'object',
    box,
    head: {
      x: box.x + box.width / 2 - headSide / 2,
      y: close ? box.y + (box.height - headSide) / 2 : box.y,
      width: headSide,
      height: headSide,
    },
    eyes: [],
    outline: [],
  };
}

/** The whole frame is the subject: a landscape, a drawing, nothing found. */
function wholeFrame(size: number): Subject {
  const head = size * 0.4;
  return {
    kind: 'none',
    box: { x: size * 0.1, y: size * 0.1, width: size * 0.8, height: size * 0.9 },
    head: { x: size / 2 - head / 2, y: size * 0.16, width: head, height: head },
    eyes: [],
    outline: [],
  };
}

/**
 * Decodes, flattens and frames a photo to a `size`² square around its subject. A subject
 * wider than the photo is tall (a cat lying across a landscape photo) is kept whole: the
 * square reaches past the photo and the band is filled with a softened mirror of it.
 */
export async function framePhoto(input: Sharp, size: number): Promise<FramedPhoto> {
  const { data, info } = await input
    .clone()
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const full: Rgb = { data, width: info.width, height: info.height };
  const analysisScale = Math.min(1, ANALYSIS_SIZE / Math.max(full.width, full.height));
  const analysis =
    analysisScale < 1
      ? await readRgb(
          rgbImage(full).resize(
            Math.round(full.width * analysisScale),
            Math.round(full.height * analysisScale),
          ),
        )
      : full;
  const found = await detect(analysis);
  const detection: Detection = analysisScale < 1 ? scaleDetection(found, 1 / analysisScale) : found;
  const crop = frameFor(detection, full.width, full.height);
  if (!crop) {
    const square = await readRgb(
      rgbImage(full).resize(size, size, { fit: 'cover', position: sharp.strategy.attention }),
    );
    return { square, subject: wholeFrame(size) };
  }
  const square = await cutSquare(full, crop, size);
  const scale = size / crop.side;
  const subject = subjectFrom(detection, crop, scale, size, full.width, full.height);
  return {
    square,
    subject: subject.kind === 'person' ? subject : await lookForHead(square, subject),
  };
}

/**
 * Without face landmarks (animals, objects) the head is where the detail is (eyes, whiskers,
 * nose): the centroid of squared edge energy inside the subject's box, half-way to the box's
 * centre so one busy patch cannot drag the head out of the body.
 */
async function lookForHead(square: Rgb, subject: Subject): Promise<Subject> {
  const box = clampBox(subject.box, square.width, square.height);
  const { data, width } = square;
  const x0 = Math.round(box.x),
    x1 = Math.round(box.x + box.width) - 1;
  const y0 = Math.round(box.y),
    y1 = Math.round(box.y + box.height) - 1;
  let sum = 0,
    sx = 0,
    sy = 0;
  for (let y = y0 + 1; y < y1; y += 2) {
    for (let x = x0 + 1; x < x1; x += 2) {
      const j = (y * width + x) * 3;
      const dx = data[j + 4]! - data[j - 2]!;
      const dy = data[j + width * 3 + 1]! - data[j - width * 3 + 1]!;
      const e = dx * dx + dy * dy;
      sum += e;
      sx += e * x;
      sy += e * y;
    }
  }
  if (sum === 0) return subject;
  const half = subject.head.width / 2;
  const cx = Math.min(x1 - half, Math.max(x0 + half, (sx / sum + box.x + box.width / 2) / 2));
  const cy = Math.min(y1 - half, Math.max(y0 + half, (sy / sum + box.y + box.height / 2) / 2));
  return { ...subject, head: { ...subject.head, x: cx - half, y: cy - half } };
}

function scaleDetection(detection: Detection, k: number): Detection {
  const box = (b: Box): Box => ({
    x: b.x * k,
    y: b.y * k,
    width: b.width * k,
    height: b.height * k,
  });
  const point = (p: Point): Point => ({ x: p.x * k, y: p.y * k });
  return {
    faces: detection.faces.map((face) => ({
      ...face,
      box: box(face.box),
      eyes: face.eyes.map((eye) => ({ centre: point(eye.centre), radius: eye.radius * k })),
      outline: face.outline.map(point),
    })),
    objects: detection.objects.map((object) => ({ ...object, box: box(object.box) })),
  };
}
