// Receiving a 5 MB upload (answered 402: a user without credits, no decode, no engine) in two
// source trees' APIs, alternated request by request: `--base=<root of the old tree>` (its
// node_modules linked to this one's) and this tree. Prints each side's round trip p50 and its
// API CPU per upload (/proc, 10 ms ticks, summed over the runs), and the GCs each API made
// (`--trace-gc` lines: scavenges and mark-compacts) while the runs went; GC_LOG_DIR=<dir> keeps
// those lines (gc-a.log, gc-b.log); API_B_NODE_ARGS="<flags>" starts side b with extra node flags
// (for trying V8 flags: --base=<this tree> then compares a tree with itself).
// `npx tsx bench/generate-receive-ab.ts --base=<root> [--runs=60]`
import fs from 'node:fs/promises';
import path from 'node:path';
import { createScratchDatabase } from '@app/ledger/testing/scratch-database';
import type * as spawnModule from '../api/src/testing/spawn-api';
import { jpegOfSize } from './lib/camera-jpeg';
import { timedPost } from './lib/timed-post';
import { PRODUCTION_API_ENV } from './lib/production-api-env';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const baseRoot = arg('base');
if (!baseRoot) throw new Error('usage: npx tsx bench/generate-receive-ab.ts --base=<root>');
const RUNS = Number(arg('runs') ?? 60);
const thisRoot = path.resolve(import.meta.dirname, '..');
const photo = await jpegOfSize(5 * 1024 * 1024);
const cpuMsOf = async (pid: number) => {
  const f = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const p50 = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)]!;
const gcCounts = (log: string) => ({
  scavenges: (log.match(/Scavenge/g) ?? []).length,
  markCompacts: (log.match(/Mark-Compact/g) ?? []).length,
  markCompactMs: [...log.matchAll(/Mark-Compact[^,]*, ([\d.]+) \/ [\d.]+ ms/g)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  ),
});

async function startSide(name: string, root: string) {
  const { spawnApi, tempDataDir } = (await import(
    path.join(root, 'api/src/testing/spawn-api.ts')
  )) as typeof spawnModule;
  const scratch = await createScratchDatabase(serverUrl, `bench_receive_ab_${name}`);
  const dataDir = await tempDataDir(`bench-receive-ab-${name}`);
  const logFile = path.join(dataDir, 'api.log');
  const api = await spawnApi(
    {
      ...PRODUCTION_API_ENV,
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      REGISTRATIONS_PER_IP: '1000',
      // The log file is read for --trace-gc's lines, not the requests'.
      LOG_LEVEL: 'warn',
    },
    120_000,
    [
      '--trace-gc',
      ...((name === 'b' ? process.env.API_B_NODE_ARGS : '')?.split(' ').filter(Boolean) ?? []),
    ],
    { logFile },
  );
  const response = await fetch(`${api.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'r@example.com', password: 'benchmark', username: 'r' }),
  });
  const { token } = (await response.json()) as { token: string };
  return {
    name,
    api,
    token,
    logFile,
    times: [] as number[],
    cpu: 0,
    gcLogStart: 0,
    close: async () => {
      await api.stop();
      await scratch.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const built = (() => {
  const b = new FormData();
  b.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  b.set('style', 'ghibli');
  return new Request('http://x/', { method: 'POST', body: b });
})();
const rawBody = Buffer.from(await built.arrayBuffer());
const rawType = built.headers.get('content-type')!;
const send = (url: string, token: string) =>
  timedPost(url, rawBody, { authorization: `Bearer ${token}`, 'content-type': rawType });

const sides = [await startSide('a', baseRoot), await startSide('b', thisRoot)];
try {
  for (let i = 0; i < 5; i++)
    for (const side of sides) await send(`${side.api.url}/api/generate-image`, side.token);
  for (const side of sides) side.gcLogStart = (await fs.readFile(side.logFile, 'utf8')).length;
  for (let i = 0; i < RUNS; i++) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const c0 = await cpuMsOf(side.api.process.pid!);
      const [ms, status] = await send(`${side.api.url}/api/generate-image`, side.token);
      if (status !== 402) throw new Error(`${side.name}: status ${status}`);
      side.times.push(ms);
      side.cpu += (await cpuMsOf(side.api.process.pid!)) - c0;
    }
  }
  console.log(`\nReceive A/B, ${RUNS} alternated 402 uploads per side, 5 MB JPEG`);
  for (const side of sides) {
    const log = (await fs.readFile(side.logFile, 'utf8')).slice(side.gcLogStart);
    const gc = gcCounts(log);
    if (process.env.GC_LOG_DIR)
      await fs.writeFile(path.join(process.env.GC_LOG_DIR, `gc-${side.name}.log`), log);
    console.log(
      `${side.name}: round trip p50 ${p50(side.times).toFixed(1)} ms, API CPU ${(side.cpu / RUNS).toFixed(1)} ms/upload; GCs ${gc.scavenges} scavenges, ${gc.markCompacts} mark-compacts (${gc.markCompactMs.toFixed(0)} ms)`,
    );
  }
} finally {
  for (const side of sides) await side.close();
}
