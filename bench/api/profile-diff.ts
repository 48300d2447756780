// Where the instrumented `me` request's extra CPU goes: the API with logs silent and tracing off
// and the API with logs at info and traces exported, both under `node --cpu-prof` (every thread:
// the main thread and the export worker), loaded alternately at a steady 500 req/s, and their
// profiles' self time per request compared function by function over the measured windows only.
// Also the whole process's CPU per request (utime + stime from /proc) for the same windows.
// Linux only (the profiles' timestamps and the bench's hrtime are both CLOCK_MONOTONIC).
// Usage: npx tsx bench/api/profile-diff.ts [--rounds 3] [--seconds 8] [--top 45]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnApi, type SpawnedApi } from '../../api/src/testing/spawn-api';
import { constantRate } from '../lib/constant-rate';
import { createBenchDatabase } from '../lib/database';
import { startOtlpReceiver } from '../lib/otlp-receiver';
import { registerBenchUser } from '../lib/register-user';
import { meRequest } from '../lib/me-request';

const argument = (flag: string, fallback: number) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const rounds = argument('--rounds', 3);
const seconds = argument('--seconds', 8);
const top = argument('--top', 45);
const RATE = 500;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const ticks = async (pid: number) => {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

const database = await createBenchDatabase(serverUrl, 'bench_profile_diff');
const receiver = await startOtlpReceiver();
const common = {
  DATABASE_URL: database.url,
  PROJECTIONS_MODE: 'in-process',
  LOG_FORMAT: 'json',
  REPLICATE_API_TOKEN: 'bench-never-called',
};
type Variant = 'off' | 'on';
const environments: Record<Variant, Record<string, string>> = {
  off: { ...common, LOG_LEVEL: 'silent' },
  on: { ...common, LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
};
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'profile-diff-'));
const dirOf = (variant: Variant) => path.join(root, variant);
const windows: Record<Variant, { from: number; to: number }[]> = { off: [], on: [] };
const requests: Record<Variant, number> = { off: 0, on: 0 };
const cpuTicks: Record<Variant, number> = { off: 0, on: 0 };

const apis = new Map<Variant, SpawnedApi>();
try {
  for (const variant of ['off', 'on'] as const) {
    await fs.mkdir(dirOf(variant));
    apis.set(
      variant,
      await spawnApi(environments[variant], 180_000, [
        '--cpu-prof',
        `--cpu-prof-dir=${dirOf(variant)}`,
        '--cpu-prof-interval=250',
      ]),
    );
  }
  const token = await registerBenchUser(apis.get('off')!.url, 'pdiff');
  for (const variant of ['off', 'on'] as const)
    await constantRate({
      ...meRequest(apis.get(variant)!.url, token),
      rate: RATE,
      durationSeconds: 10,
    });
  for (let round = 0; round < rounds; round++) {
    const order: Variant[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    for (const variant of order) {
      const api = apis.get(variant)!;
      const load = meRequest(api.url, token);
      await constantRate({ ...load, rate: RATE, durationSeconds: 1 });
      const before = await ticks(api.process.pid!);
      const from = nowMicros();
      const result = await constantRate({ ...load, rate: RATE, durationSeconds: seconds });
      const to = nowMicros();
      cpuTicks[variant] += (await ticks(api.process.pid!)) - before;
      windows[variant].push({ from, to });
      requests[variant] += result.completed;
      console.log(
        `round ${round + 1} ${variant.padEnd(3)} p99 ${result.p99.toFixed(1)} ms, CPU ${((((await ticks(api.process.pid!)) - before) * 10_000) / result.completed).toFixed(0)} µs/req`,
      );
    }
  }
} finally {
  for (const api of apis.values()) await api.stop();
  receiver.close();
  await database.drop();
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}
const keyOf = (frame: ProfileNode['callFrame']) => {
  const where = frame.url
    .replace(/^.*node_modules\//, '')
    .replace(/^file:\/\/.*?\/(ledger|api|projections)\//, '$1/');
  return `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber}`;
};

/** Self time (µs) per function key over the windows, summed over every thread's profile. */
async function selfTimes(variant: Variant): Promise<Map<string, number>> {
  const self = new Map<string, number>();
  for (const file of await fs.readdir(dirOf(variant))) {
    const profile = JSON.parse(
      await fs.readFile(path.join(dirOf(variant), file), 'utf8'),
    ) as Profile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    let at = profile.startTime;
    profile.samples.forEach((id, index) => {
      const delta = profile.timeDeltas[index] ?? 0;
      at += delta;
      if (!windows[variant].some((w) => at >= w.from && at <= w.to)) return;
      const key = keyOf(byId.get(id)!.callFrame);
      if (key.startsWith('(idle)')) return;
      self.set(key, (self.get(key) ?? 0) + delta);
    });
  }
  return self;
}

const off = await selfTimes('off');
const on = await selfTimes('on');
const perRequest = (map: Map<string, number>, key: string, variant: Variant) =>
  (map.get(key) ?? 0) / requests[variant];
const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
const offTotal = sum(off) / requests.off;
const onTotal = sum(on) / requests.on;
const cpuOff = (cpuTicks.off * 10_000) / requests.off;
const cpuOn = (cpuTicks.on * 10_000) / requests.on;
console.log(
  `\n/proc CPU per request: off ${cpuOff.toFixed(0)} µs, on ${cpuOn.toFixed(0)} µs, ratio ${(cpuOn / cpuOff).toFixed(3)}`,
);
console.log(
  `profiled (non-idle samples) per request: off ${offTotal.toFixed(1)} µs, on ${onTotal.toFixed(1)} µs, ratio ${(onTotal / offTotal).toFixed(3)}; diff ${(onTotal - offTotal).toFixed(1)} µs`,
);
const keys = new Set([...off.keys(), ...on.keys()]);
const rows = [...keys].map((key) => ({
  key,
  off: perRequest(off, key, 'off'),
  on: perRequest(on, key, 'on'),
}));
console.log(`\nself µs per request, largest increases (on - off):`);
for (const row of rows.sort((a, b) => b.on - b.off - (a.on - a.off)).slice(0, top))
  console.log(
    `${(row.on - row.off).toFixed(2).padStart(7)}  ${row.off.toFixed(2).padStart(6)} → ${row.on.toFixed(2).padStart(6)}  ${row.key}`,
  );
console.log(`\nlargest decreases:`);
for (const row of rows.sort((a, b) => a.on - a.off - (b.on - b.off)).slice(0, 10))
  console.log(
    `${(row.on - row.off).toFixed(2).padStart(7)}  ${row.off.toFixed(2).padStart(6)} → ${row.on.toFixed(2).padStart(6)}  ${row.key}`,
  );
const byFile = (map: Map<string, number>) => {
  const files = new Map<string, number>();
  for (const [key, value] of map) {
    const file = key.split(' ').slice(1).join(' ').replace(/:\d+$/, '') || key;
    files.set(file, (files.get(file) ?? 0) + value);
  }
  return files;
};
const offFiles = byFile(off);
const onFiles = byFile(on);
const fileRows = [...new Set([...offFiles.keys(), ...onFiles.keys()])].map((file) => ({
  file,
  off: (offFiles.get(file) ?? 0) / requests.off,
  on: (onFiles.get(file) ?? 0) / requests.on,
}));
console.log(`\nby file, largest increases:`);
for (const row of fileRows.sort((a, b) => b.on - b.off - (a.on - a.off)).slice(0, 30))
  console.log(
    `${(row.on - row.off).toFixed(2).padStart(7)}  ${row.off.toFixed(2).padStart(6)} → ${row.on.toFixed(2).padStart(6)}  ${row.file}`,
  );
console.log(`\nprofiles: ${root}`);
