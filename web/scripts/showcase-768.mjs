// Derives the 768 px showcase renditions from the 1024 px renders (run after
// `npx tsx api/scripts/render-showcase.ts`): phones at 2x pick 768 instead of 1024.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dir = fileURLToPath(new URL('../public/showcase/', import.meta.url));
for (const file of readdirSync(dir).filter((name) => name.endsWith('-1024.webp'))) {
  const target = file.replace('-1024.webp', '-768.webp');
  const info = await sharp(dir + file)
    .resize(768, 768, { kernel: 'lanczos3' })
    .webp({ quality: 78, effort: 6 })
    .toFile(dir + target);
  console.log(`${target}  ${(info.size / 1024).toFixed(1)} KB`);
}
