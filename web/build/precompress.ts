import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });

/**
 * Writes `<file>.br` and `<file>.gz` next to every text asset of the build, so the server can
 * answer `Accept-Encoding` with files compressed once, at the best levels, instead of per
 * request.
 */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
};
