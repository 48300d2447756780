// A/B of a generation sent as the web app sends it (GraphQL multipart, `generateImage`) between
// two source trees in one run: `--base=<root>` (a checkout of the older commit, its node_modules
// linked to this one's) and this tree. Each gets its own API process and scratch database;
// requests alternate between them. GraphQL answers carry no Server-Timing, so this measures what
// it can from outside: the round trip (wall, render included), the CPU the API process and its
// decode processes used per upload (/proc, render included), and each API's peak RSS while 8
// GraphQL uploads of a 9.5 MB JPEG run at once (one side at a time).
import fs from 'node:fs/promises';
import path from 'node:path';
import { jpegOfSize } from './lib/camera-jpeg';
import { startTreeApi } from './lib/tree-api';
import type { SpawnedApi } from '../api/src/testing/spawn-api';
import { graphqlUploadForm } from './lib/upload-forms';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const baseRoot = arg('base');
if (!baseRoot)
  throw new Error('usage: npx tsx bench/generate-graphql-ab.ts --base=<root of the old tree>');
const RUNS = Number(arg('runs') ?? 10);
const ROUNDS = Number(arg('memory-rounds') ?? 2);
const DECODE_RUNS = Number(arg('decode-runs') ?? 30);
const thisRoot = path.resolve(import.meta.dirname, '..');

const cpuMsOf = async (pid: number) => {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/** The API process and the processes it started (its decode pool), from /proc. */
const familyCpuMs = async (pid: number) => {
  const tasks = await fs.readdir(`/proc/${pid}/task`);
  const lists = await Promise.all(
    tasks.map((task) => fs.readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')),
  );
  const children = lists.flatMap((list) => list.trim().split(/\s+/).filter(Boolean).map(Number));
  const cpu = await Promise.all([pid, ...children].map(cpuMsOf));
  return cpu.reduce((a, b) => a + b, 0);
};
const rssOf = async (pid: number) => {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p50 = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] ?? NaN;
const spread = (values: number[]) =>
  `${sorted(values)[0]?.toFixed(0)}–${sorted(values).at(-1)?.toFixed(0)}`;

interface Side {
  name: string;
  api: SpawnedApi;
  tokens: string[];
  wall: number[];
  cpu: number[];
  decodeWall: number[];
  decodeCpu: number[];
  peakRss: number[];
  idleRss: number;
  close: () => Promise<void>;
}

async function startSide(name: string, root: string): Promise<Side> {
  const { api, tokens, close } = await startTreeApi({
    root,
    label: `gql-ab-${name}`,
    users: 4,
    env: { PROVIDER_CONCURRENCY: '8' },
  });
  return {
    name,
    api,
    tokens,
    wall: [],
    cpu: [],
    decodeWall: [],
    decodeCpu: [],
    peakRss: [],
    idleRss: 0,
    close,
  };
}

async function generate(side: Side, bytes: Buffer, token = side.tokens[0]!) {
  const response = await fetch(`${side.api.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-graphql-yoga-csrf': '1' },
    body: graphqlUploadForm(bytes),
  });
  const body = (await response.json()) as {
    data?: { generateImage: { status: string } };
    errors?: unknown;
  };
  if (body.data?.generateImage.status !== 'SUCCEEDED')
    throw new Error(`${side.name}: ${response.status} ${JSON.stringify(body)}`);
}

/**
 * Received, handed over and decoded, without the render: the same JPEG less its last KB, which
 * the decoder reads to its end and refuses (UPLOAD_UNREADABLE, 422) before any credit is held.
 */
async function uploadThroughDecode(side: Side, bytes: Buffer) {
  const response = await fetch(`${side.api.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${side.tokens[1]!}`, 'x-graphql-yoga-csrf': '1' },
    body: graphqlUploadForm(bytes),
  });
  const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
  if (body.errors?.[0]?.extensions?.code !== 'UPLOAD_UNREADABLE')
    throw new Error(`${side.name}: ${response.status} ${JSON.stringify(body)}`);
}

const photo = await jpegOfSize(5 * 1024 * 1024);
const truncated = photo.subarray(0, photo.length - 1024);
const large = await jpegOfSize(9.5 * 1024 * 1024);
const sides = [await startSide('a', baseRoot), await startSide('b', thisRoot)];
try {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const side of sides) {
    await generate(side, photo); // warm-up
    side.idleRss = await rssOf(side.api.process.pid!);
  }
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so neither always follows the other's render.
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const pid = side.api.process.pid!;
      const cpuBefore = await familyCpuMs(pid);
      const started = performance.now();
      await generate(side, photo);
      side.wall.push(performance.now() - started);
      side.cpu.push((await familyCpuMs(pid)) - cpuBefore);
    }
  }
  for (const side of sides) await uploadThroughDecode(side, truncated); // warm-up
  for (let i = 0; i < DECODE_RUNS; i++) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const pid = side.api.process.pid!;
      const cpuBefore = await familyCpuMs(pid);
      const started = performance.now();
      await uploadThroughDecode(side, truncated);
      side.decodeWall.push(performance.now() - started);
      side.decodeCpu.push((await familyCpuMs(pid)) - cpuBefore);
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const pid = side.api.process.pid!;
      let peak = await rssOf(pid);
      const sampler = setInterval(
        () => void rssOf(pid).then((rss) => (peak = Math.max(peak, rss))),
        20,
      );
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => generate(side, large, side.tokens[i % 4])),
      );
      clearInterval(sampler);
      side.peakRss.push(Math.max(peak, await rssOf(pid)));
    }
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(`\nGraphQL generateImage A/B, ${RUNS} alternated runs per side, 5 MB JPEG`);
  console.log(`a = ${baseRoot}\nb = ${thisRoot}`);
  for (const side of sides) {
    console.log(
      `${side.name}: up to the decode (5 MB JPEG less its last KB, refused after its decode; ${DECODE_RUNS} alternated runs) round trip p50 ${p50(side.decodeWall).toFixed(1)} ms (${spread(side.decodeWall)}); API + decode processes CPU per upload p50 ${p50(side.decodeCpu).toFixed(0)} ms (${spread(side.decodeCpu)}), mean ${(side.decodeCpu.reduce((a, b) => a + b, 0) / side.decodeCpu.length).toFixed(1)} ms`,
    );
    console.log(
      `${side.name}: round trip p50 ${p50(side.wall).toFixed(1)} ms (${spread(side.wall)}); API + decode processes CPU per upload (render included) p50 ${p50(side.cpu).toFixed(0)} ms (${spread(side.cpu)}); idle RSS ${mb(side.idleRss)}, peak RSS under 8 concurrent 9.5 MB uploads ${side.peakRss.map(mb).join(', ')}`,
    );
  }
} finally {
  for (const side of sides) await side.close();
}
