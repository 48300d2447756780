import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Written by the web build's prerender step (web/build/prerender.ts) for the site's origin. */
const PUBLIC_ORIGIN_PLACEHOLDER = '%PUBLIC_ORIGIN%';

export type PrerenderedFile = { identity: Buffer; br: Buffer; gzip: Buffer };

/** The prerendered file of an app path (as `normaliseAppPath` gives it): `/ghibli` → `ghibli.html`. */
export const prerenderedFileName = (appPath: string): string =>
  appPath === '/' ? 'index.html' : `${appPath.slice(1)}.html`;

/**
 * The build's prerendered pages, sitemap.xml and robots.txt with this server's public origin
 * (PUBLIC_URL) in their absolute URLs (canonical, og:url, og:image, sitemap), compressed once
 * per build and kept in memory. Only names the caller took from the route table are asked for.
 */
export function prerenderedFiles(distDir: string, publicUrl: string) {
  const dir = path.join(distDir, 'prerendered');
  const origin = publicUrl.replace(/\/+$/, '');
  const cache = new Map<string, { mtimeMs: number; file: PrerenderedFile }>();
  return (name: string): PrerenderedFile | null => {
    const full = path.join(dir, name);
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(full).mtimeMs;
    } catch {
      return null;
    }
    const cached = cache.get(name);
    if (cached?.mtimeMs === mtimeMs) return cached.file;
    const identity = Buffer.from(
      fs.readFileSync(full, 'utf8').replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, origin),
    );
    const file: PrerenderedFile = {
      identity,
      br: brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    cache.set(name, { mtimeMs, file });
    return file;
  };
}
