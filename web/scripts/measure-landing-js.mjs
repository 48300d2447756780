// Gzip size of the JavaScript the landing page loads: the entry, its static imports, and the
// landing route's lazy chunk with its static imports. Run after `npm run build:web`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

const collect = (key, seen) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) collect(imported, seen);
};

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const landing = Object.keys(manifest).find((key) => key.endsWith('pages/landing/LandingPage.tsx'));
const files = new Set();
collect(entry, files);
collect(landing, files);

let total = 0;
for (const key of files) {
  const file = manifest[key].file;
  const size = gzipSync(readFileSync(dist + file), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total (gzip) for the landing page`);
