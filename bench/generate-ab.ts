// A/B of the generation overhead between two source trees in one run: `--base=<root>` (a checkout
// of the older commit, its node_modules linked to this one's) and this tree. Each gets its own API
// process and scratch database; requests alternate between them, the in-process decode of the
// same JPEG is interleaved as the ratio's baseline. Same client and Server-Timing parts as
// bench/generate.ts. Prints p50 per part, both APIs' CPU per request, and the ratios.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sanitizeUpload } from '../api/src/generation/upload/sanitize-upload';
import { jpegOfSize } from './lib/camera-jpeg';
import { startTreeApi } from './lib/tree-api';
import type { SpawnedApi } from '../api/src/testing/spawn-api';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const baseRoot = arg('base');
if (!baseRoot) throw new Error('usage: npx tsx bench/generate-ab.ts --base=<root of the old tree>');
const RUNS = Number(arg('runs') ?? 10);
const thisRoot = path.resolve(import.meta.dirname, '..');

const cpuMsOf = async (pid: number) => {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const p50 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const PARTS = ['receive', 'checks', 'hold', 'queue', 'after-provider'] as const;

interface Side {
  name: string;
  api: SpawnedApi;
  token: string;
  rows: Record<string, number>[];
  cpu: number[];
  close: () => Promise<void>;
}

async function startSide(name: string, root: string): Promise<Side> {
  const { api, tokens, close } = await startTreeApi({ root, label: `gen-ab-${name}`, users: 1 });
  return { name, api, token: tokens[0]!, rows: [], cpu: [], close };
}

const photo = await jpegOfSize(5 * 1024 * 1024);
const form = () => {
  const body = new FormData();
  body.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  body.set('style', 'ghibli');
  return body;
};
async function generate(side: Side) {
  const before = await cpuMsOf(side.api.process.pid!);
  const response = await fetch(`${side.api.url}/api/generate-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${side.token}` },
    body: form(),
  });
  if (!response.ok) throw new Error(`${side.name}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  const timing = Object.fromEntries(
    (response.headers.get('server-timing') ?? '').split(',').map((part) => {
      const [name, dur] = part.trim().split(';dur=');
      return [name!, Number(dur)];
    }),
  );
  return { timing, cpu: (await cpuMsOf(side.api.process.pid!)) - before };
}

const sides = [await startSide('a', baseRoot), await startSide('b', thisRoot)];
try {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const side of sides) await generate(side); // warm-up
  const decodes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so neither always follows the other's render.
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const { timing, cpu } = await generate(side);
      side.rows.push(timing);
      side.cpu.push(cpu);
    }
    const started = performance.now();
    await sanitizeUpload(photo);
    decodes.push(performance.now() - started);
  }
  const decode = p50(decodes);
  console.log(`\nGeneration overhead A/B, ${RUNS} alternated runs per side, 5 MB JPEG`);
  console.log(`a = ${baseRoot}\nb = ${thisRoot}`);
  console.log(`decode alone (interleaved, in this process) p50 ${decode.toFixed(1)} ms`);
  for (const side of sides) {
    const overhead = side.rows.map((r) => r['before-provider']! + r['after-provider']!);
    const parts = PARTS.map((part) => `${part} ${p50(side.rows.map((r) => r[part]!)).toFixed(1)}`);
    console.log(
      `${side.name}: overhead p50 ${p50(overhead).toFixed(1)} ms (${(p50(overhead) / decode).toFixed(2)}× decode); ${parts.join(', ')}; API CPU per request (render included) p50 ${p50(side.cpu).toFixed(0)} ms`,
    );
  }
} finally {
  for (const side of sides) await side.close();
}
