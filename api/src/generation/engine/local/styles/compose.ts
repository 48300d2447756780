import sharp from 'sharp';
import type { Direction } from '../direction';
import type { Gray, Rgb } from '../pixels';
import { grayImage, readGray, readRgb, smoothstep } from '../pixels';
import { buildScene } from '../scene/scene';
import type { Scene, SceneOptions } from '../scene/scene';
import type { Subject } from '../subject/framing';

/**
 * Magnifies a disc around (cx, cy) like a lens, touching only the pixels inside it: scale
 * 1/(1 - strength) at the centre easing back to 1 at the rim, so there is no seam.
 */
export function lens(img: Rgb, cx: number, cy: number, radius: number, strength: number): void {
  const { width: w, height: h, data } = img;
  const src = Uint8Array.from(data);
  const x0 = Math.max(0, Math.floor(cx - radius)),
    x1 = Math.min(w - 1, Math.ceil(cx + radius));
  const y0 = Math.max(0, Math.floor(cy - radius)),
    y1 = Math.min(h - 1, Math.ceil(cy + radius));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x - cx,
        dy = y - cy;
      const dist = Math.sqrt(dx * dx + dy * dy) / radius;
      if (dist >= 1) continue;
      const f = 1 - strength * (1 - dist) * (1 - dist);
      const sx = Math.min(w - 1.001, Math.max(0, cx + dx * f));
      const sy = Math.min(h - 1.001, Math.max(0, cy + dy * f));
      const ix = Math.floor(sx),
        iy = Math.floor(sy);
      const fx = sx - ix,
        fy = sy - iy;
      const p00 = (iy * w + ix) * 3,
        p10 = p00 + 3,
        p01 = p00 + w * 3,
        p11 = p01 + 3;
      const o = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = src[p00 + c]! + (src[p10 + c]! - src[p00 + c]!) * fx;
        const bot = src[p01 + c]! + (src[p11 + c]! - src[p01 + c]!) * fx;
        data[o + c] = top + (bot - top) * fy + 0.5;
      }
    }
  }
}

/** Bigger eyes, from the face landmarks; nothing happens when no eyes were found. */
export function enlargeEyes(img: Rgb, subject: Subject, strength: number): void {
  for (const eye of subject.eyes) {
    lens(img, eye.centre.x, eye.centre.y, Math.max(12, eye.radius * 2.4), strength);
  }
}

/** Catch-lights: the white glints that make drawn eyes read as eyes. */
export function eyeGlints(subject: Subject, size: number, scale = 1): string {
  const glints = subject.eyes.map((eye) => {
    const r = Math.max(3, eye.radius * 0.32 * scale);
    const x = eye.centre.x - eye.radius * 0.3;
    const y = eye.centre.y - eye.radius * 0.3;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="#fff"/><circle cx="${(x + r * 2).toFixed(1)}" cy="${(y + r * 1.6).toFixed(1)}" r="${(r * 0.45).toFixed(1)}" fill="#fff" fill-opacity="0.85"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${glints.join('')}</svg>`;
}

export async function sceneFor(
  direction: Direction,
  subject: Subject,
  options: Omit<SceneOptions, 'subjectSpan'>,
): Promise<{ scene: Scene; image: Rgb }> {
  const size = options.size;
  const span: [number, number] = [
    Math.max(0.05, Math.min(0.45, subject.box.x / size)),
    Math.min(0.95, Math.max(0.55, (subject.box.x + subject.box.width) / size)),
  ];
  const scene = buildScene(direction, { ...options, subjectSpan: span });
  const image = await readRgb(sharp(Buffer.from(scene.svg)).flatten({ background: '#ffffff' }));
  return { scene, image };
}

/** The subject over a new background through its matte, in place on `background`. */
export function overlay(background: Rgb, subject: Rgb, mask: Gray): void {
  const b = background.data,
    s = subject.data,
    m = mask.data;
  for (let i = 0, j = 0; i < m.length; i++, j += 3) {
    const a = m[i]! / 255;
    if (a <= 0) continue;
    b[j] = b[j]! + (s[j]! - b[j]!) * a;
    b[j + 1] = b[j + 1]! + (s[j + 1]! - b[j + 1]!) * a;
    b[j + 2] = b[j + 2]! + (s[j + 2]! - b[j + 2]!) * a;
  }
}

/** Ink along the matte's edge, `width` pixels wide outside it (the silhouette's outline). */
export async function silhouetteLine(mask: Gray, width: number): Promise<Gray> {
  const grown = await readGray(grayImage(mask).blur(width / 2));
  const out = new Uint8Array(mask.data.length);
  for (let i = 0; i < out.length; i++) {
    const outside = smoothstep(20, 60, grown.data[i]!);
    out[i] = 255 * outside * (1 - smoothstep(150, 230, mask.data[i]!));
  }
  return { data: out, width: mask.width, height: mask.height };
}

/** Grows a matte by about `radius` pixels (blur, then a low threshold). */
export async function dilate(mask: Gray, radius: number): Promise<Gray> {
  const grown = await readGray(grayImage(mask).blur(radius / 2));
  const out = new Uint8Array(mask.data.length);
  for (let i = 0; i < out.length; i++) out[i] = 255 * smoothstep(8, 40, grown.data[i]!);
  return { data: out, width: mask.width, height: mask.height };
}

/** Tints towards the scene's light, more on the lit side: the subject belongs in the scene. */
export function lightFrom(img: Rgb, scene: Scene, amount: number): void {
  const [lr, lg, lb] = scene.light;
  const d = img.data;
  for (let j = 0; j < d.length; j += 3) {
    d[j] = d[j]! + ((d[j]! * lr) / 255 - d[j]!) * amount;
    d[j + 1] = d[j + 1]! + ((d[j + 1]! * lg) / 255 - d[j + 1]!) * amount;
    d[j + 2] = d[j + 2]! + ((d[j + 2]! * lb) / 255 - d[j + 2]!) * amount;
  }
}

export function weatherInput(scene: Scene): { input: Buffer }[] {
  return scene.weatherSvg ? [{ input: Buffer.from(scene.weatherSvg) }] : [];
}
