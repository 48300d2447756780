import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detect } from './detector';
import type { Box } from './detector';
import { framePhoto } from './framing';
import { readRgb } from '../pixels';

const FIXTURES = new URL('../../../../../../fixtures/photos/', import.meta.url);
const astronaut = readFileSync(new URL('astronaut.png', FIXTURES));
const chelsea = readFileSync(new URL('chelsea.png', FIXTURES));

function iou(a: Box, b: Box): number {
  const x0 = Math.max(a.x, b.x),
    y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width),
    y1 = Math.min(a.y + a.height, b.y + b.height);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  return inter / (a.width * a.height + b.width * b.height - inter);
}

function contains(box: Box, x: number, y: number): boolean {
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
}

/**
 * Hand-marked on the 512×512 photo: the face from hairline to chin and ear to ear is about
 * x 172–276, y 76–194; the eyes' centres are near (215, 107) and (261, 109). A detector box
 * also takes some forehead and cheek, so agreement is judged by overlap (IoU ≥ 0.5, the
 * usual PASCAL VOC criterion for "found the same thing") and by the box's centre lying
 * within 10% of the photo's side of the hand-marked centre, which is well inside the face:
 * a box meant for another part of the photo (the flag, the helmet) fails both.
 */
const EILEEN_FACE: Box = { x: 172, y: 76, width: 104, height: 118 };
const EILEEN_EYES = [
  { x: 215, y: 107 },
  { x: 261, y: 109 },
];

/** Hand-marked on the 451×300 cat photo: both eyes and the nose. */
const CHELSEA_FEATURES = [
  { x: 171, y: 112 },
  { x: 320, y: 134 },
  { x: 262, y: 240 },
];

describe('subject detection', () => {
  it('finds Eileen Collins’s face and eyes where a person would put them', async () => {
    const image = await readRgb(sharp(astronaut));
    const { faces } = await detect(image);
    expect(faces).toHaveLength(1);
    const face = faces[0]!;
    expect(iou(face.box, EILEEN_FACE)).toBeGreaterThan(0.5);
    const cx = face.box.x + face.box.width / 2,
      cy = face.box.y + face.box.height / 2;
    expect(Math.hypot(cx - 224, cy - 135)).toBeLessThan(512 * 0.1);
    // Each detected eye within one eye-width (≈ 25 px) of the hand-marked one.
    const eyes = [...face.eyes].sort((a, b) => a.centre.x - b.centre.x);
    expect(eyes).toHaveLength(2);
    eyes.forEach((eye, i) => {
      expect(
        Math.hypot(eye.centre.x - EILEEN_EYES[i]!.x, eye.centre.y - EILEEN_EYES[i]!.y),
      ).toBeLessThan(25);
    });
  });

  it('finds no human face on the cat but a subject box holding its eyes and nose', async () => {
    const image = await readRgb(sharp(chelsea));
    const { faces, objects } = await detect(image);
    expect(faces).toHaveLength(0);
    const subject = objects[0];
    expect(subject).toBeDefined();
    for (const feature of CHELSEA_FEATURES) {
      expect(contains(subject!.box, feature.x, feature.y)).toBe(true);
    }
  });
});

describe('framing', () => {
  it('frames the astronaut head-and-shoulders with the face in the upper middle', async () => {
    const { square, subject } = await framePhoto(sharp(astronaut), 1024);
    expect([square.width, square.height]).toEqual([1024, 1024]);
    expect(subject.kind).toBe('person');
    const cx = subject.head.x + subject.head.width / 2;
    const cy = subject.head.y + subject.head.height / 2;
    expect(cx).toBeGreaterThan(1024 * 0.3);
    expect(cx).toBeLessThan(1024 * 0.7);
    expect(cy).toBeLessThan(1024 * 0.45);
    expect(subject.eyes).toHaveLength(2);
  });

  it('keeps the whole cat instead of centre-cropping its face away', async () => {
    const { subject } = await framePhoto(sharp(chelsea), 1024);
    // The 451×300 photo's subject box spans most of its width: framed whole, it must
    // still span most of the square (a centre crop would cut it at 300/451 = 67%).
    expect(subject.kind).not.toBe('none');
    expect(subject.box.width).toBeGreaterThan(1024 * 0.8);
    // The head holds the middle of the cat's face (its nose is at 58% across the photo).
    expect(contains(subject.head, 1024 * 0.55, 1024 * 0.5)).toBe(true);
  });

  it('frames a landscape without a face or an animal without failing', async () => {
    const landscape = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450">
          <rect width="800" height="450" fill="#7fb8e8"/>
          <path d="M0 300 Q200 220 400 290 T800 270 V450 H0Z" fill="#4f8a3c"/>
          <circle cx="620" cy="90" r="40" fill="#ffe27a"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const { square, subject } = await framePhoto(sharp(landscape), 512);
    expect([square.width, square.height]).toEqual([512, 512]);
    expect(subject.kind).toBe('none');
    expect(subject.eyes).toHaveLength(0);
  });
});
