// What the decode pool adds to one decode of the 5 MB JPEG: alternates, in one process, the decode
// here (sharp's default threads, as bench/generate.ts's baseline runs it; and with one libvips
// thread, as the decode process runs it) with the decode through a one-process DecodePool sent the
// photo's path (as the REST upload is) and sent its bytes (as GraphQL uploads are). Prints wall
// p50 and CPU per decode (this process plus the decode process, from /proc). Not a test.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DecodePool } from '../api/src/generation/upload/decode-pool';
import { decodePhoto } from '../api/src/generation/upload/sanitize-upload';
import { jpegOfSize } from './lib/camera-jpeg';
import { childPids, cpuMsOf, selfCpuMs } from './lib/process-cpu';

const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 20);

const photo = await jpegOfSize(5 * 1024 * 1024);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'decode-ab-'));
const file = path.join(dir, 'photo.jpg');
await fs.writeFile(file, photo);
const pool = new DecodePool({ concurrency: 1, maxWaiting: 1, timeoutMs: 60_000 });
await pool.decode(photo);
const children = await childPids();
const defaultThreads = sharp.concurrency();

const modes: Record<string, () => Promise<unknown>> = {
  [`here, ${defaultThreads} threads`]: () => {
    sharp.concurrency(defaultThreads);
    return decodePhoto(photo);
  },
  'here, 1 thread': () => {
    sharp.concurrency(1);
    return decodePhoto(photo);
  },
  'pool, path': () => pool.decode({ path: file }),
  'pool, bytes': () => pool.decode(photo),
};
const wall: Record<string, number[]> = {};
const cpu: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS + 2; round++) {
  for (const [name, run] of Object.entries(modes)) {
    // Ten decodes per sample, so /proc's 10 ms ticks are a tenth of a decode.
    const cpuStart =
      selfCpuMs() + (await Promise.all(children.map(cpuMsOf))).reduce((a, b) => a + b, 0);
    const started = performance.now();
    for (let i = 0; i < 10; i++) await run();
    const elapsed = (performance.now() - started) / 10;
    const used =
      (selfCpuMs() +
        (await Promise.all(children.map(cpuMsOf))).reduce((a, b) => a + b, 0) -
        cpuStart) /
      10;
    if (round < 2) continue;
    (wall[name] ??= []).push(elapsed);
    (cpu[name] ??= []).push(used);
  }
}
await pool.close();
await fs.rm(dir, { recursive: true, force: true });
const q = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))]!;
console.log(
  `\nOne decode of a 5 MB JPEG, ${ROUNDS} alternated rounds of 10 (load ${os.loadavg()[0]!.toFixed(1)})`,
);
for (const name of Object.keys(modes))
  console.log(
    `${name.padEnd(18)} wall p50 ${q(wall[name]!, 0.5).toFixed(1)} ms (${q(wall[name]!, 0).toFixed(1)}–${q(wall[name]!, 1).toFixed(1)}), CPU p50 ${q(cpu[name]!, 0.5).toFixed(1)} ms (${q(cpu[name]!, 0).toFixed(1)}–${q(cpu[name]!, 1).toFixed(1)})`,
  );
