import sharp from 'sharp';
import type { OverlayOptions, Sharp } from 'sharp';
import type { Direction } from '../direction';
import { OUTPUT_SIZE, type PreparedPhoto, type StyleContext } from '../style-renderer';
import { applyInk, blurGray, luminance, readGray, saturate, svgBuffer } from '../pixels';
import type { Gray, Rgb } from '../pixels';
import { objectSvg, OBJECT_DEFAULT_FILL } from '../scene/objects';
import { celShade, clampByte, inkLines, smoothBase } from './shared';
import { dilate, enlargeEyes, eyeGlints } from './compose';

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

const BACKDROPS: readonly [string, string, string][] = [
  ['#ffd6e8', '#ffe9f1', '#d6ecff'],
  ['#d9f5e8', '#f3fff8', '#ffe8c9'],
  ['#e4dcff', '#f6f0ff', '#ffd9e6'],
  ['#fff0c2', '#fffaf0', '#cdeeff'],
];

/** Pastel backdrop with dots, hearts and sparkles; the prompt's colour and things join in. */
function backdrop(direction: Direction): Buffer {
  const random = direction.random();
  let [a, b, c] = BACKDROPS[Math.floor(random() * BACKDROPS.length)]!;
  if (direction.colour) {
    const [r, g, bl] = direction.colour;
    const tint = `rgb(${Math.round(r * 0.45 + 140)},${Math.round(g * 0.45 + 140)},${Math.round(bl * 0.45 + 140)})`;
    [a, c] = [tint, tint];
    b = '#fffaf6';
  }
  const dots: string[] = [];
  for (let y = 0; y < OUTPUT_SIZE + 64; y += 64) {
    for (let x = (y / 64) % 2 === 0 ? 0 : 32; x < OUTPUT_SIZE + 64; x += 64) {
      dots.push(`<circle cx="${x}" cy="${y}" r="9"/>`);
    }
  }
  const extras: string[] = [];
  const colours = ['#ffffff', '#ffe27a', '#ff9fc4', '#a8d8ff'];
  for (let i = 0; i < 14; i++) {
    const side = i % 4;
    const t = random();
    const x = side < 2 ? 40 + t * 944 : side === 2 ? 30 + random() * 90 : 904 + random() * 90;
    const y = side < 2 ? (side === 0 ? 30 + random() * 90 : 904 + random() * 90) : 40 + t * 944;
    const colour = colours[i % colours.length]!;
    extras.push(
      i % 3 === 0 ? heart(x, y, 1.6 + random(), colour) : sparkle(x, y, 14 + random() * 16, colour),
    );
  }
  const things = direction.objects.map((object, i) => {
    const fill = object.colour
      ? `rgb(${object.colour.join(',')})`
      : OBJECT_DEFAULT_FILL[object.kind];
    const x = i % 2 === 0 ? 130 : OUTPUT_SIZE - 130;
    const y = i < 2 ? 330 : 640;
    return `<g transform="translate(${x} ${y}) scale(1.5) rotate(${(random() - 0.5) * 20})">${objectSvg(object.kind, fill)}</g>`;
  });
  return svgBuffer(
    OUTPUT_SIZE,
    OUTPUT_SIZE,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${a}"/><stop offset="0.55" stop-color="${b}"/><stop offset="1" stop-color="${c}"/>
    </linearGradient></defs>
    <rect width="${OUTPUT_SIZE}" height="${OUTPUT_SIZE}" fill="url(#bg)"/>
    <g fill="#ffffff" fill-opacity="0.55">${dots.join('')}</g>
    ${extras.join('')}${things.join('')}`,
  );
}

interface Piece {
  readonly rgba: Buffer;
  readonly width: number;
  readonly height: number;
}

/** Cuts `rect` of the art with `alpha`, scaled by `scale`. */
async function cut(
  art: Rgb,
  alpha: Gray,
  rect: { left: number; top: number; width: number; height: number },
  scale: number,
): Promise<Piece> {
  const width = Math.max(1, Math.round(rect.width * scale));
  const height = Math.max(1, Math.round(rect.height * scale));
  const full = Buffer.alloc(art.width * art.height * 4);
  for (let i = 0, j = 0; i < alpha.data.length; i++, j += 3) {
    full[i * 4] = art.data[j]!;
    full[i * 4 + 1] = art.data[j + 1]!;
    full[i * 4 + 2] = art.data[j + 2]!;
    full[i * 4 + 3] = alpha.data[i]!;
  }
  // Two pipelines: sharp would otherwise resize before it extracts.
  const piece = await sharp(full, { raw: { width: art.width, height: art.height, channels: 4 } })
    .extract(rect)
    .raw()
    .toBuffer();
  const rgba = await sharp(piece, { raw: { width: rect.width, height: rect.height, channels: 4 } })
    .resize(width, height)
    .raw()
    .toBuffer();
  return { rgba, width, height };
}

function clampRect(left: number, top: number, right: number, bottom: number) {
  const l = Math.max(0, Math.round(left));
  const t = Math.max(0, Math.round(top));
  return {
    left: l,
    top: t,
    width: Math.max(1, Math.min(OUTPUT_SIZE, Math.round(right)) - l),
    height: Math.max(1, Math.min(OUTPUT_SIZE, Math.round(bottom)) - t),
  };
}

/**
 * A chibi sticker: the head (from the face detection) cut out and enlarged, the body cut
 * out and shrunk to about half the head's scale and tucked under it, eyes enlarged with
 * catch-lights, pastel cel shading, and a thick white die-cut border on a pastel backdrop.
 */
export async function renderChibi(photo: PreparedPhoto, ctx: StyleContext): Promise<Sharp> {
  const { subject } = photo;
  const figure: Rgb = { ...photo.square, data: Uint8Array.from(photo.square.data) };
  enlargeEyes(figure, subject, 0.5);
  const base = await smoothBase(figure, 3, 20, 1);
  ctx.checkpoint();
  const lines = await inkLines(figure, 1.6, 0.032, 0.07);
  celShade(base, await blurGray(luminance(base), 3), [60, 128], [100, 170, 224]);
  pastel(base);
  applyInk(base, lines, [92, 48, 64], 0.95);
  saturate(base, 1.25);
  const glints = await readGray(
    sharp(Buffer.from(eyeGlints(subject, OUTPUT_SIZE, 1.4))).extractChannel(3),
  );
  applyInk(base, glints, [255, 255, 255]);
  const mask = await ctx.mask();
  ctx.checkpoint();

  // The head: an ellipse around the head box; the body: the matte below the chin.
  const { head } = subject;
  const hx = head.x + head.width / 2;
  const hy = head.y + head.height / 2;
  const rx = head.width * 0.62;
  const ry = head.height * 0.6;
  const ellipse = await readGray(
    sharp(
      svgBuffer(
        OUTPUT_SIZE,
        OUTPUT_SIZE,
        `<rect width="${OUTPUT_SIZE}" height="${OUTPUT_SIZE}"/><ellipse cx="${hx}" cy="${hy}" rx="${rx}" ry="${ry}" fill="#fff"/>`,
      ),
    ).blur(3),
  );
  const headAlpha = new Uint8Array(mask.data.length);
  const bodyAlpha = new Uint8Array(mask.data.length);
  for (let i = 0; i < headAlpha.length; i++) {
    headAlpha[i] = (mask.data[i]! * ellipse.data[i]!) / 255;
    bodyAlpha[i] = Math.floor(i / OUTPUT_SIZE) > hy ? mask.data[i]! : 0;
  }
  const headRect = clampRect(hx - rx, hy - ry, hx + rx, hy + ry);
  const bodyRect = clampRect(
    subject.box.x,
    hy + ry * 0.5,
    subject.box.x + subject.box.width,
    OUTPUT_SIZE,
  );
  const hasBody = subject.kind === 'person' && bodyRect.height > 40;
  const headScale = Math.min(
    1.8,
    900 / headRect.width,
    Math.max(0.8, (hasBody ? 560 : 780) / headRect.height),
  );
  const bodyScale = Math.min(headScale * 0.55, 330 / bodyRect.height, 900 / bodyRect.width);
  const size = { width: OUTPUT_SIZE, height: OUTPUT_SIZE };
  const headPiece = await cut(base, { ...size, data: headAlpha }, headRect, headScale);
  const bodyPiece = hasBody
    ? await cut(base, { ...size, data: bodyAlpha }, bodyRect, bodyScale)
    : null;
  const total = headPiece.height + (bodyPiece ? bodyPiece.height - headPiece.height * 0.12 : 0);
  const top = Math.round((OUTPUT_SIZE - total) / 2 + 10);
  const layers: OverlayOptions[] = [];
  if (bodyPiece) {
    // The body centred under where the head's centre was.
    const bodyX = OUTPUT_SIZE / 2 - (hx - bodyRect.left) * bodyScale;
    layers.push({
      input: bodyPiece.rgba,
      raw: { width: bodyPiece.width, height: bodyPiece.height, channels: 4 },
      left: Math.round(bodyX),
      top: Math.round(top + headPiece.height * 0.88),
    });
  }
  layers.push({
    input: headPiece.rgba,
    raw: { width: headPiece.width, height: headPiece.height, channels: 4 },
    left: Math.round(OUTPUT_SIZE / 2 - (hx - headRect.left) * headScale),
    top,
  });
  const figureLayer = await sharp({
    create: {
      width: OUTPUT_SIZE,
      height: OUTPUT_SIZE,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite(layers)
    .raw()
    .toBuffer();
  const alpha: Gray = {
    width: OUTPUT_SIZE,
    height: OUTPUT_SIZE,
    data: new Uint8Array(OUTPUT_SIZE * OUTPUT_SIZE),
  };
  for (let i = 0; i < alpha.data.length; i++) alpha.data[i] = figureLayer[i * 4 + 3]!;
  // Die-cut sticker: a thick white border, a thin rose outline, a soft shadow.
  const border = await dilate(alpha, 36);
  const outline = await dilate(border, 6);
  const ring = (matte: Gray, colour: string): Promise<Buffer> =>
    sharp({
      create: { width: OUTPUT_SIZE, height: OUTPUT_SIZE, channels: 3, background: colour },
    })
      .joinChannel(Buffer.from(matte.data.buffer, matte.data.byteOffset, matte.data.length), {
        raw: { width: OUTPUT_SIZE, height: OUTPUT_SIZE, channels: 1 },
      })
      .png({ compressionLevel: 0 })
      .toBuffer();
  const shadow = await sharp(await ring(outline, '#c05a8a'))
    .blur(8)
    .ensureAlpha(0)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const tilt = (ctx.direction.random()() - 0.5) * 8;
  const sticker = await sharp({
    create: {
      width: OUTPUT_SIZE,
      height: OUTPUT_SIZE,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([
      { input: shadow, left: 0, top: 14 },
      { input: await ring(outline, '#e07aa5') },
      { input: await ring(border, '#ffffff') },
      { input: figureLayer, raw: { width: OUTPUT_SIZE, height: OUTPUT_SIZE, channels: 4 } },
    ])
    .png({ compressionLevel: 0 })
    .toBuffer();
  const rotated = await sharp(sticker)
    .rotate(tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .resize(OUTPUT_SIZE, OUTPUT_SIZE, { fit: 'cover' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(backdrop(ctx.direction)).composite([{ input: rotated }]);
}
