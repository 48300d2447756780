import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { PreparedPhoto, StyleContext } from '../render';
import {
  applyInk,
  blurGray,
  luminance,
  readRgb,
  rgbImage,
  saturate,
  seededRandom,
  svgBuffer,
} from '../pixels';
import { bulge } from '../filters';
import type { Rgb } from '../pixels';
import { SIZE, celShade, clampByte, inkLines, smoothBase, subjectFocus } from './shared';

const STICKER = 720;
const BORDER = 22;
const CORNER = 150;
const TILT = -4;
const ZOOM_CROP = 0.74;

/** Soft, milky pastel: lifted blacks, a touch of pink, brighter overall. */
function pastel(img: Rgb): void {
  const d = img.data;
  for (let j = 0; j < d.length; j += 3) {
    d[j] = clampByte(40 + d[j]! * 0.86 + 6);
    d[j + 1] = clampByte(36 + d[j + 1]! * 0.86);
    d[j + 2] = clampByte(42 + d[j + 2]! * 0.84);
  }
}

function sparkle(x: number, y: number, r: number, fill: string): string {
  const k = r * 0.28;
  return `<path fill="${fill}" d="M${x} ${y - r}Q${x + k} ${y - k} ${x + r} ${y}Q${x + k} ${y + k} ${x} ${y + r}Q${x - k} ${y + k} ${x - r} ${y}Q${x - k} ${y - k} ${x} ${y - r}Z"/>`;
}

function heart(x: number, y: number, s: number, fill: string): string {
  return `<path fill="${fill}" transform="translate(${x} ${y}) scale(${s})" d="M0 6C-4-2-14 0-12 8C-10 14-2 18 0 22C2 18 10 14 12 8C14 0 4-2 0 6Z"/>`;
}

function backdrop(): Buffer {
  const random = seededRandom(0xc4b1);
  const dots: string[] = [];
  for (let y = 0; y < SIZE + 64; y += 64) {
    for (let x = (y / 64) % 2 === 0 ? 0 : 32; x < SIZE + 64; x += 64) {
      dots.push(`<circle cx="${x}" cy="${y}" r="9"/>`);
    }
  }
  const extras: string[] = [];
  const colours = ['#ffffff', '#ffe27a', '#ff9fc4', '#a8d8ff'];
  for (let i = 0; i < 14; i++) {
    // Keep decorations to the frame around the sticker.
    const side = i % 4;
    const t = random();
    const x = side < 2 ? 40 + t * 944 : side === 2 ? 30 + random() * 90 : 904 + random() * 90;
    const y = side < 2 ? (side === 0 ? 30 + random() * 90 : 904 + random() * 90) : 40 + t * 944;
    const colour = colours[i % colours.length]!;
    extras.push(
      i % 3 === 0 ? heart(x, y, 1.6 + random(), colour) : sparkle(x, y, 14 + random() * 16, colour),
    );
  }
  return svgBuffer(
    SIZE,
    SIZE,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffd6e8"/><stop offset="0.55" stop-color="#ffe9f1"/><stop offset="1" stop-color="#d6ecff"/>
    </linearGradient></defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
    <g fill="#ffffff" fill-opacity="0.55">${dots.join('')}</g>
    ${extras.join('')}`,
  );
}

const OUTER = STICKER + BORDER * 2;
const PAD = 40;

/** Soft drop shadow, blurred at quarter size: far cheaper than an SVG blur filter. */
async function stickerShadow(): Promise<Buffer> {
  const size = (OUTER + PAD * 2) / 4;
  const shape = svgBuffer(
    size,
    size,
    `<rect x="${PAD / 4}" y="${(PAD + 16) / 4}" width="${OUTER / 4}" height="${OUTER / 4}" rx="${(CORNER + BORDER) / 4}" fill="#c05a8a" fill-opacity="0.4"/>`,
  );
  return sharp(shape)
    .blur(3)
    .resize(size * 4, size * 4)
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function stickerFrame(): Buffer {
  const size = OUTER + PAD * 2;
  return svgBuffer(
    size,
    size,
    `<rect x="${PAD}" y="${PAD}" width="${OUTER}" height="${OUTER}" rx="${CORNER + BORDER}" fill="#ffffff"/>`,
  );
}

function roundedMask(): Buffer {
  return svgBuffer(
    STICKER,
    STICKER,
    `<rect width="${STICKER}" height="${STICKER}" rx="${CORNER}" fill="#fff"/>`,
  );
}

export async function renderChibi(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  // Zoom on the upper centre (where faces usually are), then swell it: big head, small body.
  const focus = await subjectFocus(photo.square);
  // A subject high in the frame is a head above a body: zoom in. A centred one is already close.
  const zoom =
    ZOOM_CROP +
    (1 - ZOOM_CROP) * 0.6 * Math.min(1, Math.max(0, (focus.y - SIZE * 0.3) / (SIZE * 0.2)));
  const crop = Math.round(SIZE * zoom);
  const left = Math.round(Math.min(SIZE - crop, Math.max(0, focus.x - crop / 2)));
  const top = Math.round(Math.min(SIZE - crop, Math.max(0, focus.y - crop * 0.42)));
  const zoomed = await readRgb(
    rgbImage(photo.square)
      .extract({ left, top, width: crop, height: crop })
      .resize(STICKER, STICKER),
  );
  const scale = STICKER / crop;
  const swollen = bulge(
    zoomed,
    (focus.x - left) * scale,
    (focus.y - top) * scale,
    STICKER * 0.5,
    0.4,
  );
  const base = await smoothBase(swollen, 3, 20, 1);
  ctx.checkpoint();
  const lines = await inkLines(swollen, 1.6, 0.032, 0.07);
  celShade(base, await blurGray(luminance(base), 3), [60, 128], [100, 170, 224]);
  pastel(base);
  applyInk(base, lines, [92, 48, 64], 0.95);
  saturate(base, 1.25);
  const art = await rgbImage(base)
    .ensureAlpha()
    .composite([{ input: roundedMask(), blend: 'dest-in' }])
    .png({ compressionLevel: 0 })
    .toBuffer();
  ctx.checkpoint();
  const sticker = await sharp(await stickerShadow())
    .composite([
      { input: stickerFrame(), left: 0, top: 0 },
      { input: art, left: PAD + BORDER, top: PAD + BORDER },
    ])
    .png({ compressionLevel: 0 })
    .toBuffer();
  // Rotation runs before compositing inside one sharp pipeline, hence the second pass.
  const frame = await sharp(sticker)
    .rotate(TILT, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 0 })
    .toBuffer({ resolveWithObject: true });
  return sharp(backdrop()).composite([
    {
      input: frame.data,
      left: Math.round((SIZE - frame.info.width) / 2),
      top: Math.round((SIZE - frame.info.height) / 2),
    },
  ]);
}
