// p99 of the GraphQL `me` query at a steady 500 requests/s with request logs at info and traces
// exported to a local OTLP receiver, against the same API with logs silent and tracing off, in
// one run on one database. Metrics are always collected (prom-client counters), in both.
// Needs a Postgres server (DATABASE_URL, default the local one); prints figures, not a test.
//
// A p99 of ~2 ms moves by half a millisecond between identical runs on a shared machine, so one
// run of each proves nothing. Both APIs are started and warmed once, then measured in short
// windows, alternated (off on, on off, off on, …: neither always goes first), and each round's
// instrumented p99 is divided by the off p99 of the same round. The verdict is on the median of
// those ratios; their spread (min–max) says how far one round can be trusted. Server CPU per
// request (utime + stime from /proc, Linux) is measured over the same windows. Each API writes its
// log lines to a file (as it would to a log collector), not to a pipe this process reads, so the
// load generator does no work for them (an A/B against the pipe on 2026-11-27 found no difference
// in the ratio beyond the run-to-run swing).
//
// Usage: npx tsx bench/tracing.ts [--rounds N (default 9)] [--seconds S per window (default 10)]
//        [--quick: 3 rounds of 3 s] [--loop-stats: also each window's event-loop delay and GC
//        pauses in the server, from bench/lib/loop-stats-preload.mjs]. The default run takes about
//        five minutes.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnApi, type SpawnedApi } from '../api/src/testing/spawn-api';
import { constantRate, type ConstantRateResult } from './lib/constant-rate';
import { describeLoopStats, loopStatsFor, type LoopStats } from './lib/loop-stats';
import { startOtlpReceiver } from './lib/otlp-receiver';
import { registerBenchUser } from './lib/register-user';
import { meRequest } from './lib/me-request';
import { PRODUCTION_API_ENV } from './lib/production-api-env';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const quick = process.argv.includes('--quick');
const argument = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? Number(process.argv[at + 1]) : undefined;
};
// Nine rather than five: one round's ratio swings by 3x on a quiet machine (GC, scheduling), and
// the median of nine moves less with one bad round than the median of five.
const rounds = argument('--rounds') ?? (quick ? 3 : 9);
const seconds = argument('--seconds') ?? (quick ? 3 : 10);
const withLoopStats = process.argv.includes('--loop-stats');
const RATE = 500;
const LIMIT = 1.15;
// The JIT keeps speeding `me` up over its first ~5,000 requests.
const WARM_UP_SECONDS = 10;
// Before every window: the process that sat idle during the other's window is loaded again.
const LEAD_IN_SECONDS = 1;

const name = `bench_tracing_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

const logDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-tracing-logs-'));
const logFileOf = (variant: Variant) => path.join(logDir, `${variant}.log`);
const receiver = await startOtlpReceiver();
const receiverUrl = receiver.url;

const common = {
  ...PRODUCTION_API_ENV,
  DATABASE_URL: databaseUrl,
  PROJECTIONS_MODE: 'in-process',
  LOG_FORMAT: 'json',
  // As in bench/api.ts: the preview engine would load its models while the runs start, which
  // measures start-up, not `me`. No generation runs here, so the token is never used.
  REPLICATE_API_TOKEN: 'bench-never-called',
};
type Variant = 'off' | 'instrumented';
const environments: Record<Variant, Record<string, string>> = {
  off: { ...common, LOG_LEVEL: 'silent' },
  instrumented: { ...common, LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl },
};

interface Window extends ConstantRateResult {
  /** Server CPU (user + system) per completed request, in µs. */
  cpuMicros: number;
  loop?: LoopStats;
}

/** utime + stime of a process, in clock ticks (1/100 s). */
const cpuTicks = async (pid: number) => {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

let token = '';
const optionsFor = (api: SpawnedApi) => ({
  ...meRequest(api.url, token),
  rate: RATE,
});

const loopStats: Partial<Record<Variant, Awaited<ReturnType<typeof loopStatsFor>>>> = {};

async function measure(variant: Variant): Promise<Window> {
  const api = apis[variant]!;
  await constantRate({ ...optionsFor(api), durationSeconds: LEAD_IN_SECONDS });
  await loopStats[variant]?.read(api.process);
  const before = await cpuTicks(api.process.pid!);
  const result = await constantRate({ ...optionsFor(api), durationSeconds: seconds });
  const after = await cpuTicks(api.process.pid!);
  const loop = await loopStats[variant]?.read(api.process);
  return {
    ...result,
    cpuMicros: ((after - before) * 10_000) / Math.max(1, result.completed),
    ...(loop ? { loop } : {}),
  };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const apis: Partial<Record<Variant, SpawnedApi>> = {};
try {
  const startedAt = performance.now();
  for (const variant of ['off', 'instrumented'] as const) {
    if (withLoopStats) loopStats[variant] = await loopStatsFor(variant);
    const stats = loopStats[variant];
    const api = await spawnApi(
      { ...environments[variant], ...stats?.env },
      180_000,
      stats?.nodeArgs ?? [],
      { logFile: logFileOf(variant) },
    );
    apis[variant] = api;
    if (!token) token = await registerBenchUser(api.url, 'tr');
    await constantRate({ ...optionsFor(api), durationSeconds: WARM_UP_SECONDS });
  }
  const windows: Record<Variant, Window[]> = { off: [], instrumented: [] };
  const loads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order: Variant[] = round % 2 === 0 ? ['off', 'instrumented'] : ['instrumented', 'off'];
    for (const variant of order) windows[variant].push(await measure(variant));
    loads.push(os.loadavg()[0]!);
  }

  const ratios = windows.instrumented.map((on, round) => on.p99 / windows.off[round]!.p99);
  const cpuRatios = windows.instrumented.map(
    (on, round) => on.cpuMicros / windows.off[round]!.cpuMicros,
  );
  const cell = (w: Window) =>
    `p50 ${w.p50.toFixed(2).padStart(6)}  p99 ${w.p99.toFixed(2).padStart(6)} ms  cpu ${w.cpuMicros.toFixed(0).padStart(4)} µs  ${w.achievedRate.toFixed(0).padStart(3)}/s${w.errors ? `  errors ${w.errors}` : ''}`;
  console.log(
    `\n\`me\` at a steady ${RATE} req/s, ${rounds} rounds of ${seconds} s windows alternated (${os.cpus().length} cores, Node ${process.version}; ${((performance.now() - startedAt) / 1000).toFixed(0)} s)`,
  );
  console.log(
    `round  ${'logs silent, tracing off'.padEnd(53)}${'logs info, traces exported'.padEnd(53)}p99 ratio  cpu ratio  load`,
  );
  ratios.forEach((ratio, round) =>
    console.log(
      `${String(round + 1).padStart(5)}  ${cell(windows.off[round]!)}  ${cell(windows.instrumented[round]!)}  ${ratio.toFixed(2).padStart(9)}  ${cpuRatios[round]!.toFixed(2).padStart(9)}  ${loads[round]!.toFixed(1).padStart(4)}`,
    ),
  );
  if (withLoopStats)
    windows.off.forEach((off, round) => {
      const on = windows.instrumented[round]!;
      console.log(`${String(round + 1).padStart(5)}  off: ${describeLoopStats(off.loop!)}`);
      console.log(`       on:  ${describeLoopStats(on.loop!)}`);
    });
  const spread = (values: number[]) =>
    `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  const p99s = (variant: Variant) => windows[variant].map((w) => w.p99);
  const cpus = (variant: Variant) => windows[variant].map((w) => w.cpuMicros);
  console.log(
    `median p99: off ${median(p99s('off')).toFixed(2)} ms, instrumented ${median(p99s('instrumented')).toFixed(2)} ms; median CPU per request: off ${median(cpus('off')).toFixed(0)} µs, instrumented ${median(cpus('instrumented')).toFixed(0)} µs (ratio ${median(cpuRatios).toFixed(2)}, spread ${spread(cpuRatios)})`,
  );
  const logKiB = async (variant: Variant) =>
    ((await fs.stat(logFileOf(variant))).size / 1024).toFixed(0);
  console.log(
    `spans exported: ${(receiver.receivedBytes() / 1024).toFixed(0)} KiB of OTLP; log lines written: instrumented ${await logKiB('instrumented')} KiB, off ${await logKiB('off')} KiB`,
  );
  const busiest = Math.max(...loads);
  if (busiest > os.cpus().length)
    console.log(
      `load average reached ${busiest.toFixed(1)} on ${os.cpus().length} cores: other processes held the CPU, so these p99s measure the machine more than the API`,
    );
  const verdict = median(ratios);
  console.log(
    `p99 instrumented / off, median of ${rounds} rounds: ${verdict.toFixed(2)} (spread ${spread(ratios)}; target <= ${LIMIT}) ${verdict <= LIMIT ? 'PASS' : 'FAIL'}`,
  );
} finally {
  for (const api of Object.values(apis)) await api.stop();
  receiver.close();
  await fs.rm(logDir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
