import type { Rgb } from './pixels';

/**
 * Generalised Kuwahara filter: each pixel becomes a blend of the mean colours of its four
 * quadrant windows, weighted towards the flattest one. Keeps edges, flattens texture into
 * brush-like patches. Summed-area tables make it O(pixels) whatever the radius.
 */
export function kuwahara(img: Rgb, radius: number): Rgb {
  const { width: w, height: h, data } = img;
  const w1 = w + 1;
  const size = w1 * (h + 1);
  const sr = new Float64Array(size);
  const sg = new Float64Array(size);
  const sb = new Float64Array(size);
  const sl = new Float64Array(size);
  const sq = new Float64Array(size);
  for (let y = 0; y < h; y++) {
    let r = 0,
      g = 0,
      b = 0,
      l = 0,
      q = 0;
    for (let x = 0; x < w; x++) {
      const j = (y * w + x) * 3;
      const pr = data[j]!,
        pg = data[j + 1]!,
        pb = data[j + 2]!;
      const lum = 0.299 * pr + 0.587 * pg + 0.114 * pb;
      r += pr;
      g += pg;
      b += pb;
      l += lum;
      q += lum * lum;
      const k = (y + 1) * w1 + x + 1;
      const above = k - w1;
      sr[k] = sr[above]! + r;
      sg[k] = sg[above]! + g;
      sb[k] = sb[above]! + b;
      sl[k] = sl[above]! + l;
      sq[k] = sq[above]! + q;
    }
  }
  const out = new Uint8Array(w * h * 3);
  const x0s = [0, 0, 0, 0],
    x1s = [0, 0, 0, 0],
    y0s = [0, 0, 0, 0],
    y1s = [0, 0, 0, 0];
  for (let y = 0; y < h; y++) {
    const top = Math.max(0, y - radius),
      bottom = Math.min(h - 1, y + radius);
    y0s[0] = top;
    y1s[0] = y;
    y0s[1] = top;
    y1s[1] = y;
    y0s[2] = y;
    y1s[2] = bottom;
    y0s[3] = y;
    y1s[3] = bottom;
    for (let x = 0; x < w; x++) {
      const left = Math.max(0, x - radius),
        right = Math.min(w - 1, x + radius);
      x0s[0] = left;
      x1s[0] = x;
      x0s[1] = x;
      x1s[1] = right;
      x0s[2] = left;
      x1s[2] = x;
      x0s[3] = x;
      x1s[3] = right;
      let wsum = 0,
        ar = 0,
        ag = 0,
        ab = 0;
      for (let qd = 0; qd < 4; qd++) {
        const a = y0s[qd]! * w1 + x0s[qd]!;
        const b = y0s[qd]! * w1 + x1s[qd]! + 1;
        const c = (y1s[qd]! + 1) * w1 + x0s[qd]!;
        const d = (y1s[qd]! + 1) * w1 + x1s[qd]! + 1;
        const n = (x1s[qd]! - x0s[qd]! + 1) * (y1s[qd]! - y0s[qd]! + 1);
        const mean = (sl[d]! - sl[b]! - sl[c]! + sl[a]!) / n;
        const v = (sq[d]! - sq[b]! - sq[c]! + sq[a]!) / n - mean * mean + 1;
        const weight = 1 / (v * v);
        wsum += weight;
        ar += (weight * (sr[d]! - sr[b]! - sr[c]! + sr[a]!)) / n;
        ag += (weight * (sg[d]! - sg[b]! - sg[c]! + sg[a]!)) / n;
        ab += (weight * (sb[d]! - sb[b]! - sb[c]! + sb[a]!)) / n;
      }
      const o = (y * w + x) * 3;
      out[o] = ar / wsum;
      out[o + 1] = ag / wsum;
      out[o + 2] = ab / wsum;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * Separable approximation of a bilateral filter: smooths within regions of similar colour,
 * stops at colour edges. Two 1-D passes keep it cheap enough to iterate.
 */
export function bilateral(img: Rgb, radius: number, sigmaRange: number): Rgb {
  const spatial = Array.from({ length: radius * 2 + 1 }, (_, i) => {
    const d = i - radius;
    return Math.exp(-(d * d) / (2 * (radius / 2) * (radius / 2)));
  });
  // exp(-(dr²+dg²+db²)/2σ²) factors per channel, so a 511-entry table stays in cache.
  const lut = new Float64Array(511);
  for (let i = 0; i < lut.length; i++)
    lut[i] = Math.exp(-((i - 255) ** 2) / (2 * sigmaRange * sigmaRange));
  const { width: w, height: h } = img;
  const pass = (src: Uint8Array, horizontal: boolean): Uint8Array => {
    const out = new Uint8Array(src.length);
    const stride = horizontal ? 3 : w * 3;
    const length = horizontal ? w : h;
    const lines = horizontal ? h : w;
    for (let line = 0; line < lines; line++) {
      const start = horizontal ? line * w * 3 : line * 3;
      for (let i = 0; i < length; i++) {
        const c = start + i * stride;
        const r0 = src[c]!,
          g0 = src[c + 1]!,
          b0 = src[c + 2]!;
        const kFrom = Math.max(-radius, -i),
          kTo = Math.min(radius, length - 1 - i);
        let ws = 0,
          ar = 0,
          ag = 0,
          ab = 0;
        for (let k = kFrom, p = c + kFrom * stride; k <= kTo; k++, p += stride) {
          const pr = src[p]!,
            pg = src[p + 1]!,
            pb = src[p + 2]!;
          const wt =
            spatial[k + radius]! * lut[pr - r0 + 255]! * lut[pg - g0 + 255]! * lut[pb - b0 + 255]!;
          ws += wt;
          ar += wt * pr;
          ag += wt * pg;
          ab += wt * pb;
        }
        out[c] = ar / ws + 0.5;
        out[c + 1] = ag / ws + 0.5;
        out[c + 2] = ab / ws + 0.5;
      }
    }
    return out;
  };
  return { data: pass(pass(img.data, true), false), width: img.width, height: img.height };
}

/**
 * Magnifies a disc around (cx, cy) like a lens: scale 1/(1 - strength) at the centre,
 * easing back to 1 at the rim so the warp has no visible seam.
 */
export function bulge(img: Rgb, cx: number, cy: number, radius: number, strength: number): Rgb {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const dx = x - cx,
        dy = y - cy;
      const dist = Math.sqrt(dx * dx + dy * dy) / radius;
      const f = dist < 1 ? 1 - strength * (1 - dist) * (1 - dist) : 1;
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
        const top = data[p00 + c]! + (data[p10 + c]! - data[p00 + c]!) * fx;
        const bot = data[p01 + c]! + (data[p11 + c]! - data[p01 + c]!) * fx;
        out[o + c] = top + (bot - top) * fy + 0.5;
      }
    }
  }
  return { data: out, width: w, height: h };
}
