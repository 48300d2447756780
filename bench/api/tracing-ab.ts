// Before/after for the instrumented `me` path: the API of another checkout of this repository
// (`--base <dir>`, node_modules linked) and this one, each with logs at info and traces exported
// and each with both off, all four started and warmed once, then measured in 500 req/s windows
// whose order rotates every round. Per window: client p99, server CPU per request, and from
// bench/lib/loop-stats-preload.mjs the event loop's delay and the GC pauses. Prints figures.
// Usage: npx tsx bench/api/tracing-ab.ts --base /path/to/checkout [--rounds 6] [--seconds 10]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { SpawnedApi } from '../../api/src/testing/spawn-api';
import { constantRate, type ConstantRateResult } from '../lib/constant-rate';
import { describeLoopStats, loopStatsFor, type LoopStats } from '../lib/loop-stats';
import { startOtlpReceiver } from '../lib/otlp-receiver';
import { registerBenchUser } from '../lib/register-user';
import { meRequest } from '../lib/me-request';

const argument = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const baseRoot = path.resolve(argument('--base') ?? '');
const rounds = Number(argument('--rounds') ?? 6);
const seconds = Number(argument('--seconds') ?? 10);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type SpawnApi = (
  env: Record<string, string>,
  timeoutMs: number,
  nodeArgs: string[],
) => Promise<SpawnedApi>;
const spawnFrom = async (root: string) =>
  ((await import(path.join(root, 'api/src/testing/spawn-api.ts'))) as { spawnApi: SpawnApi })
    .spawnApi;
const spawners = {
  base: await spawnFrom(baseRoot),
  this: await spawnFrom(path.resolve(import.meta.dirname, '../..')),
};

const name = `htrace4_ab_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const receiver = await startOtlpReceiver();
const common = {
  DATABASE_URL: databaseUrl,
  PROJECTIONS_MODE: 'in-process',
  LOG_FORMAT: 'json',
  REPLICATE_API_TOKEN: 'bench-never-called',
};
const modes = {
  off: { ...common, LOG_LEVEL: 'silent' },
  on: { ...common, LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
};
const variants = [
  ['base', 'off'],
  ['base', 'on'],
  ['this', 'off'],
  ['this', 'on'],
] as const;
type Key = `${(typeof variants)[number][0]} ${(typeof variants)[number][1]}`;

interface Window extends ConstantRateResult {
  cpuMicros: number;
  loop: LoopStats;
}
const cpuTicks = async (pid: number) => {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
let token = '';
const load = (api: SpawnedApi, durationSeconds: number) =>
  constantRate({
    ...meRequest(api.url, token),
    rate: 500,
    durationSeconds,
  });
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const running = new Map<
  Key,
  { api: SpawnedApi; stats: Awaited<ReturnType<typeof loopStatsFor>> }
>();
try {
  for (const [root, mode] of variants) {
    const key: Key = `${root} ${mode}`;
    const stats = await loopStatsFor(key.replace(' ', '-'));
    const api = await spawners[root]({ ...modes[mode], ...stats.env }, 180_000, stats.nodeArgs);
    running.set(key, { api, stats });
    if (!token) token = await registerBenchUser(api.url, 'ab');
    await load(api, 10);
  }
  const windows = new Map<Key, Window[]>();
  const keys = [...running.keys()];
  for (let round = 0; round < rounds; round++) {
    // Rotated, and reversed every other round: no variant always follows the same one.
    const rotated = keys.map((_, index) => keys[(index + round) % keys.length]!);
    for (const key of round % 2 ? rotated.reverse() : rotated) {
      const { api, stats } = running.get(key)!;
      await load(api, 1);
      await stats.read(api.process);
      const before = await cpuTicks(api.process.pid!);
      const result = await load(api, seconds);
      const after = await cpuTicks(api.process.pid!);
      const loop = await stats.read(api.process);
      const cpuMicros = ((after - before) * 10_000) / Math.max(1, result.completed);
      windows.set(key, [...(windows.get(key) ?? []), { ...result, cpuMicros, loop }]);
      console.log(
        `round ${round + 1} ${key.padEnd(9)} p50 ${result.p50.toFixed(2)} p99 ${result.p99.toFixed(2)} ms, cpu ${cpuMicros.toFixed(0)} µs; ${describeLoopStats(loop)}; load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  }
  console.log(`\nmedians over ${rounds} rounds of ${seconds} s (min–max):`);
  const spread = (values: number[], digits = 2) =>
    `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
  for (const key of keys) {
    const list = windows.get(key)!;
    const gcMs = list.map((w) => Object.values(w.loop.gc).reduce((sum, g) => sum + g.totalMs, 0));
    const gcCount = list.map((w) => Object.values(w.loop.gc).reduce((sum, g) => sum + g.count, 0));
    console.log(
      `${key.padEnd(9)} p99 ${spread(list.map((w) => w.p99))} ms; cpu ${spread(
        list.map((w) => w.cpuMicros),
        0,
      )} µs; loop p99 ${spread(list.map((w) => w.loop.loop.p99))} ms, max ${spread(
        list.map((w) => w.loop.loop.max),
        1,
      )} ms; gc ${spread(gcCount, 0)} pauses, ${spread(gcMs, 0)} ms`,
    );
  }
  for (const root of ['base', 'this'] as const) {
    const on = windows.get(`${root} on`)!;
    const off = windows.get(`${root} off`)!;
    const ratios = on.map((w, round) => w.p99 / off[round]!.p99);
    const cpu = on.map((w, round) => w.cpuMicros / off[round]!.cpuMicros);
    console.log(`${root}: p99 on/off ${spread(ratios)}; cpu on/off ${spread(cpu)}`);
  }
} finally {
  for (const { api } of running.values()) await api.stop();
  receiver.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
