import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { STYLE_IDS } from '../src/generation/engine/image-provider';
import type { ActionFigureDetails } from '../src/generation/engine/image-provider';
import { LocalImageProvider } from '../src/generation/engine/local/local-provider';

// `npx tsx api/scripts/render-showcase.ts`: renders every style of the local engine for the
// fixture photos and writes web/public/showcase (WEBP at 512 and 1024 px, plus the originals).
const fixtures = path.resolve(import.meta.dirname, '../../fixtures/photos');
const target = path.resolve(import.meta.dirname, '../../web/public/showcase');
const WIDTHS = [512, 1024] as const;
const SHOWCASE_SEED = 1;
const TILE = 320;

interface ShowcasePhoto {
  readonly id: string;
  readonly file: string;
  readonly what: string;
  readonly size: string;
  readonly licence: string;
  readonly actionFigure: ActionFigureDetails;
}

const PHOTOS: readonly ShowcasePhoto[] = [
  {
    id: 'astronaut',
    file: 'astronaut.png',
    what: 'portrait of astronaut Eileen Collins (NASA)',
    size: '512×512',
    licence: 'public domain ("no known copyright restrictions, released into the public domain")',
    actionFigure: {
      name: 'Eileen',
      profession: 'Astronaut',
      accessories: ['Helmet', 'Flight plan', 'Space shuttle model', 'Mission patch'],
    },
  },
  {
    id: 'chelsea',
    file: 'chelsea.png',
    what: 'Chelsea the cat',
    size: '451×300',
    licence: 'CC0, by the photographer Stéfan van der Walt',
    actionFigure: {
      name: 'Chelsea',
      profession: 'Chief Nap Officer',
      accessories: ['Yarn ball', 'Fish snack', 'Cardboard box', 'Feather toy'],
    },
  },
];

/** Square; the engine's renders are square already, originals are centre-cropped. */
async function writeWebp(image: Buffer, width: number, name: string): Promise<number> {
  const data = await sharp(image)
    .resize(width, width, { fit: 'cover' })
    .webp({ quality: 80, effort: 6 })
    .toBuffer();
  await fs.writeFile(path.join(target, name), data);
  return data.length;
}

await fs.rm(target, { recursive: true, force: true });
await fs.mkdir(target, { recursive: true });
const provider = new LocalImageProvider();
const files: string[] = [];
const sheet: { input: Buffer; left: number; top: number }[] = [];
let bytes = 0;
for (const photo of PHOTOS) {
  const original = await fs.readFile(path.join(fixtures, photo.file));
  const originalName = `${photo.id}-original-512.webp`;
  bytes += await writeWebp(original, 512, originalName);
  files.push(originalName);
  const row = PHOTOS.indexOf(photo);
  sheet.push({
    input: await sharp(original).resize(TILE, TILE, { fit: 'cover' }).png().toBuffer(),
    left: 0,
    top: row * TILE,
  });
  for (const style of STYLE_IDS) {
    const started = performance.now();
    const { predictionId } = await provider.submit({
      generationId: `showcase-${photo.id}-${style}`,
      style,
      prompt: '',
      // A fixed seed: the showcase is reproducible; users get a new seed per generation.
      seed: SHOWCASE_SEED,
      photo: original,
      actionFigure: photo.actionFigure,
    });
    const outcome = await provider.wait(predictionId);
    if (outcome.status !== 'succeeded')
      throw new Error(`${photo.id} ${style}: ${JSON.stringify(outcome)}`);
    const ms = Math.round(performance.now() - started);
    sheet.push({
      input: await sharp(outcome.png).resize(TILE, TILE).png().toBuffer(),
      left: (STYLE_IDS.indexOf(style) + 1) * TILE,
      top: row * TILE,
    });
    for (const width of WIDTHS) {
      const name = `${photo.id}-${style}-${width}.webp`;
      bytes += await writeWebp(outcome.png, width, name);
      files.push(name);
    }
    console.log(`${photo.id.padEnd(10)} ${style.padEnd(14)} ${String(ms).padStart(5)} ms`);
  }
}

const readme = `# Showcase images

Before/after examples for the landing and creator pages. Every \`<photo>-<style>-<width>.webp\`
is a render of the built-in offline **preview engine** (\`api/src/generation/engine/local\`:
subject detection with @vladmandic/human's bundled models, then a sharp and pixel-buffer
pipeline per style, seed ${SHOWCASE_SEED}, the default prompt), not of the production image model, which
gives the real style. The pages caption them so. The \`-original-512.webp\` files are the input
photos, centre-cropped and scaled down. \`contact-sheet.webp\` shows both photos in every style.

Regenerate with \`npm run showcase\` (deterministic; it also derives the 768 px renditions).

## Provenance of the input photos

Both come from the sample data of scikit-image (Debian package \`python3-skimage\`, folder \`skimage/data\`),
via \`fixtures/photos\`.

| file | what | size | licence |
|---|---|---|---|
${PHOTOS.map((p) => `| \`${p.file}\` | ${p.what} | ${p.size} | ${p.licence} |`).join('\n')}

## Files

${files.map((f) => `- \`${f}\``).join('\n')}
`;
await fs.writeFile(path.join(target, 'README.md'), readme);
await sharp({
  create: {
    width: (STYLE_IDS.length + 1) * TILE,
    height: PHOTOS.length * TILE,
    channels: 3,
    background: '#ffffff',
  },
})
  .composite(sheet)
  .webp({ quality: 82 })
  .toFile(path.join(target, 'contact-sheet.webp'));
console.log(
  `wrote ${files.length} images (${(bytes / 1024 / 1024).toFixed(2)} MB) to ${path.relative(process.cwd(), target)}`,
);
