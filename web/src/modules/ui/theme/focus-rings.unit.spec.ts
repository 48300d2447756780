import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SOURCES = path.resolve(import.meta.dirname, '../../..');

const cssFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });

/** Each `selector { declarations }` block of a stylesheet, comments dropped. */
const rules = (css: string) =>
  [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({
    selector: match[1]!.trim(),
    body: match[2]!,
  }));

// Forced-colours mode (Windows high contrast) paints no box shadows: a focus ring drawn only with
// one vanishes there. Each such ring needs an outline beside it (transparent: the mode paints it).
describe('focus rings', () => {
  it('every focus ring drawn with a box shadow keeps an outline that forced colours paint', () => {
    const bare: string[] = [];
    for (const file of cssFiles(WEB_SOURCES)) {
      for (const { selector, body } of rules(fs.readFileSync(file, 'utf8'))) {
        if (!/focus/.test(selector) || !/box-shadow:[^;]*(--focus-ring|--color-focus)/.test(body))
          continue;
        const outline = /(^|[;\s])outline:\s*([^;]+)/.exec(body)?.[2]?.trim();
        if (!outline || outline === 'none' || outline.startsWith('0'))
          bare.push(`${path.relative(WEB_SOURCES, file)}: ${selector}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
