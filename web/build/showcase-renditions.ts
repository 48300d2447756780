import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, copyFileSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import type { Plugin } from 'vite';

import {
  ORIGINAL_WIDTHS,
  RESULT_WIDTHS,
  SHOWCASE_FORMATS,
  type ShowcaseFormat,
} from '../src/modules/showcase/utils/showcase-images';

/*
 * The showcase's responsive renditions (src/modules/showcase/utils/showcase-images.ts): from each
 * 1024 px render and 512 px photo in public/showcase, every width in AVIF, WebP and JPEG, written
 * into dist/showcase at build time. AVIF is slow to encode, so each file is cached by its
 * source's hash in node_modules/.cache (a rebuild with unchanged sources copies them).
 */

const SOURCE = /^(?<name>[a-z]+-[a-z-]+?)-(?<size>1024|512)\.webp$/;
const EXTENSION: Readonly<Record<ShowcaseFormat, string>> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};

const encode = (file: string, width: number, format: ShowcaseFormat) => {
  const resized = sharp(file).resize(width, width, { kernel: 'lanczos3' });
  // Effort 2 encodes about 8x faster than the default 4 for files about 10% larger: a clean
  // checkout (CI) builds every rendition from scratch.
  if (format === 'avif') return resized.avif({ quality: 50, effort: 2 });
  if (format === 'webp') return resized.webp({ quality: 76, effort: 5 });
  return resized.jpeg({ quality: 78, mozjpeg: true });
};

type Source = { file: string; name: string; widths: readonly number[] };

const listSources = (showcaseDir: string): Source[] =>
  readdirSync(showcaseDir).flatMap((file) => {
    const match = SOURCE.exec(file);
    if (!match?.groups) return [];
    const { name, size } = match.groups as { name: string; size: string };
    const isOriginal = name.endsWith('-original');
    // Results come from their 1024 px render, photos from their 512 px one.
    if (isOriginal !== (size === '512')) return [];
    return [
      {
        file: path.join(showcaseDir, file),
        name,
        widths: isOriginal ? ORIGINAL_WIDTHS : RESULT_WIDTHS,
      },
    ];
  });

/** Writes every rendition into `<outDir>/showcase`; returns how many files it wrote. */
export const writeShowcaseRenditions = async (
  publicDir: string,
  outDir: string,
  cacheDir: string,
): Promise<number> => {
  const target = path.join(outDir, 'showcase');
  mkdirSync(target, { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  let written = 0;
  for (const source of listSources(path.join(publicDir, 'showcase'))) {
    const hash = createHash('sha256').update(readFileSync(source.file)).digest('hex').slice(0, 16);
    for (const width of source.widths) {
      await Promise.all(
        SHOWCASE_FORMATS.map(async (format) => {
          const fileName = `${source.name}-${width}.${EXTENSION[format]}`;
          const cached = path.join(cacheDir, `${hash}-${fileName}`);
          if (!existsSync(cached)) await encode(source.file, width, format).toFile(cached);
          copyFileSync(cached, path.join(target, fileName));
          written++;
        }),
      );
    }
  }
  return written;
};

/** A rendition asked for by the dev server, made on the fly from its source. */
const renderOnRequest = async (publicDir: string, url: string) => {
  const match = /^\/showcase\/(?<name>[a-z]+-[a-z-]+?)-(?<width>\d+)\.(?<ext>avif|webp|jpg)$/.exec(
    url,
  );
  if (!match?.groups) return null;
  const { name, width, ext } = match.groups as { name: string; width: string; ext: string };
  const source = listSources(path.join(publicDir, 'showcase')).find((item) => item.name === name);
  if (!source?.widths.includes(Number(width))) return null;
  const format = (Object.keys(EXTENSION) as ShowcaseFormat[]).find(
    (key) => EXTENSION[key] === ext,
  )!;
  return { body: await encode(source.file, Number(width), format).toBuffer(), format };
};

export const showcaseRenditions = (): Plugin => {
  let publicDir = '';
  let outDir = '';
  let cacheDir = '';
  let log = (message: string) => console.log(message);
  return {
    name: 'showcase-renditions',
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = path.resolve(config.root, config.build.outDir);
      cacheDir = path.join(config.cacheDir, 'showcase-renditions');
      log = (message) => config.logger.info(message);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!request.url?.startsWith('/showcase/') || existsSync(path.join(publicDir, request.url)))
          return next();
        renderOnRequest(publicDir, request.url).then((image) => {
          if (!image) return next();
          response.setHeader('content-type', `image/${image.format}`);
          response.end(image.body);
        }, next);
      });
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (!outDir || !existsSync(outDir)) return;
        const count = await writeShowcaseRenditions(publicDir, outDir, cacheDir);
        log(`${count} showcase renditions (AVIF, WebP, JPEG) in dist/showcase`);
      },
    },
  };
};
