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

/** Square, centre-cropped like the engine's own framing, so before/after sliders line up. */
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
let bytes = 0;
for (const photo of PHOTOS) {
  const original = await fs.readFile(path.join(fixtures, photo.file));
  const originalName = `${photo.id}-original-512.webp`;
  bytes += await writeWebp(original, 512, originalName);
  files.push(originalName);
  for (const style of STYLE_IDS) {
    const started = performance.now();
    const { predictionId } = await provider.submit({
      generationId: `showcase-${photo.id}-${style}`,
      style,
      prompt: '',
      photo: original,
      actionFigure: photo.actionFigure,
    });
    const outcome = await provider.wait(predictionId);
    if (outcome.status !== 'succeeded')
      throw new Error(`${photo.id} ${style}: ${JSON.stringify(outcome)}`);
    const ms = Math.round(performance.now() - started);
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
is a render of our embedded **local image engine** (\`api/src/generation/engine/local\`: a
deterministic sharp pipeline per style, no AI model), not of the production model. The
\`-original-512.webp\` files are the input photos, centre-cropped to the square the engine
renders from (so before/after sliders line up) and scaled down.

Regenerate with \`npx tsx api/scripts/render-showcase.ts\` (the output is deterministic).

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
console.log(
  `wrote ${files.length} images (${(bytes / 1024 / 1024).toFixed(2)} MB) to ${path.relative(process.cwd(), target)}`,
);
