import { mkdirSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';

import { ART_STYLES, type ArtStyleId } from '../src/modules/art-styles/utils/art-styles';
import { ogImagePath } from '../src/modules/art-styles/utils/creator-routes';
import { DEFAULT_OG_IMAGE_PATH, OG_IMAGE_SIZE } from '../src/modules/app/utils/page-meta';

const BACKGROUND = '#fff9f3';
const TILE = 540;
const MARGIN = (OG_IMAGE_SIZE.height - TILE) / 2;

const tile = (file: string) => sharp(file).resize(TILE, TILE, { fit: 'cover' }).png().toBuffer();

/** One 1200 x 630 card: the photo on the left, its result on the right. */
const writeCard = async (showcaseDir: string, result: string, outFile: string) => {
  const [before, after] = await Promise.all([
    tile(path.join(showcaseDir, 'astronaut-original-512.webp')),
    tile(path.join(showcaseDir, result)),
  ]);
  await sharp({
    create: { ...OG_IMAGE_SIZE, channels: 3, background: BACKGROUND },
  })
    .composite([
      { input: before, left: MARGIN, top: MARGIN },
      { input: after, left: OG_IMAGE_SIZE.width - MARGIN - TILE, top: MARGIN },
    ])
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(outFile);
};

/**
 * The share images (`og:image`, Twitter card) at 1200 x 630, from the showcase renders in
 * web/public/showcase: one per style (photo beside that style's result) and one for the other
 * pages (the action figure). JPEG, which every chat app and crawler previews.
 */
export const writeOgImages = async (publicDir: string, outDir: string): Promise<string[]> => {
  const showcaseDir = path.join(publicDir, 'showcase');
  const cards: [string, string][] = [
    ...(Object.keys(ART_STYLES) as ArtStyleId[]).map((styleId): [string, string] => [
      ogImagePath(styleId),
      `astronaut-${styleId}-1024.webp`,
    ]),
    [DEFAULT_OG_IMAGE_PATH, 'astronaut-action-figure-1024.webp'],
  ];
  mkdirSync(path.join(outDir, 'og'), { recursive: true });
  await Promise.all(
    cards.map(([urlPath, result]) => writeCard(showcaseDir, result, path.join(outDir, urlPath))),
  );
  return cards.map(([urlPath]) => urlPath);
};
