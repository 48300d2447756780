// The offline preview engine: p50 time per 1024×1024 image per style (wall clock and CPU),
// and the memory the subject-detection models add. Prints figures (not a test), with a
// baseline measured in the same run: a plain sharp pipeline on the same image (decode, blur,
// PNG encode), so figures from a loaded machine can be compared through the ratio.
// `npm run bench:engine` (add `--quick` for 3 runs per style).
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { STYLE_IDS } from '../api/src/generation/engine/image-provider';
import { renderLocal } from '../api/src/generation/engine/local/render';
import { detect, loadDetector } from '../api/src/generation/engine/local/subject/detector';
import { readRgb } from '../api/src/generation/engine/local/pixels';
import { fixturePhoto } from '../api/src/testing/fixtures';

const RUNS = process.argv.includes('--quick') ? 3 : 9;
const MB = 1024 * 1024;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timed(run: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);

const photo = await sharp(await fs.readFile(fixturePhoto('astronaut.png')))
  .resize(1024, 1024)
  .png()
  .toBuffer();
const cat = await sharp(await fs.readFile(fixturePhoto('chelsea.png')))
  .resize(1024, 681)
  .png()
  .toBuffer();

// Baseline: the same image through a plain sharp pipeline.
const baseline: number[] = [];
for (let i = 0; i < RUNS * 2; i++) {
  baseline.push(
    (await timed(() => sharp(photo).blur(2).png({ compressionLevel: 2 }).toBuffer())).wall,
  );
}
const base = median(baseline);

// Memory the models add: resident memory before and after loading them and one detection.
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 200));
const before = process.memoryUsage().rss;
const load = await timed(() => loadDetector());
await detect(await readRgb(sharp(photo)));
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 200));
const after = process.memoryUsage().rss;
const peakBeforeRenders = peak;

console.log(`offline preview engine, 1024×1024 input, ${RUNS} runs per style (median)`);
console.log(`baseline (sharp decode + blur + PNG): ${base.toFixed(0)} ms`);
console.log(
  `models: loaded in ${load.wall.toFixed(0)} ms, resident memory +${((after - before) / MB).toFixed(0)} MB ` +
    `(peak while loading +${((peakBeforeRenders - before) / MB).toFixed(0)} MB; target ≤ 400 MB)`,
);
console.log('');
console.log('style            p50 wall   p50 CPU   × baseline   cat p50 wall');
for (const style of STYLE_IDS) {
  const runs: { wall: number; cpu: number }[] = [];
  const catRuns: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(
      await timed(() =>
        renderLocal({
          style,
          photo,
          prompt: i % 2 ? 'at the beach at sunset with a red balloon' : '',
          seed: i,
          actionFigure: { name: 'Eileen', profession: 'Astronaut', accessories: ['Helmet'] },
        }),
      ),
    );
    catRuns.push((await timed(() => renderLocal({ style, photo: cat, seed: i }))).wall);
  }
  const wall = median(runs.map((r) => r.wall));
  const cpu = median(runs.map((r) => r.cpu));
  console.log(
    `${style.padEnd(16)} ${wall.toFixed(0).padStart(6)} ms ${cpu.toFixed(0).padStart(6)} ms ${(wall / base).toFixed(1).padStart(10)}× ${median(catRuns).toFixed(0).padStart(10)} ms`,
  );
}
console.log('');
console.log(
  `peak resident memory during the run: ${(peak / MB).toFixed(0)} MB (before the models: ${(before / MB).toFixed(0)} MB)`,
);
console.log('target: p50 ≤ 2500 ms per image per style on this 2-core machine');
clearInterval(sampler);
