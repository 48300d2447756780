// Benchmark of the GraphQL `me` query against a bare Yoga hello-world measured in the same run.
// Needs a Postgres server (DATABASE_URL, default the local one); prints figures, not a test.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '@app/ledger/testing/scratch-database';
import { freePort, spawnApi } from '../api/src/testing/spawn-api';
import { constantRate, type ConstantRateResult } from './lib/constant-rate';
import { registerBenchUser } from './lib/register-user';
import { apiLogFile, PRODUCTION_API_ENV } from './lib/production-api-env';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const quick = process.argv.includes('--quick');
const duration = quick ? 3 : 10;
/** Targets of issue 22: `me` at least 0.8 of bare Yoga's throughput, its p99 at most 3x hello's. */
const THROUGHPUT_TARGET = 0.8;
const TAIL_TARGET = 3;

const createDatabase = () => createScratchDatabase(serverUrl, 'bench_api');

async function startHelloYoga() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'api/hello-yoga.ts')],
    {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve()),
  );
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

type Result = autocannon.Result;
const run = (options: autocannon.Options) =>
  new Promise<Result>((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );

function request(url: string, query: string, headers: Record<string, string>): autocannon.Options {
  return {
    url: `${url}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', ...headers },
    body: JSON.stringify({ query }),
    duration,
  };
}

const database = await createDatabase();
const api = await spawnApi(
  {
    ...PRODUCTION_API_ENV,
    DATABASE_URL: database.url,
    PROJECTIONS_MODE: 'in-process',
    LOGIN_ATTEMPTS_PER_IP: '1000',
    // The production image service: the offline preview engine would load its face and object
    // models on the main thread while the runs start (minutes of CPU on a busy machine), which
    // measures start-up, not `me`. No generation runs here, so the token is never used.
    REPLICATE_API_TOKEN: 'bench-never-called',
  },
  undefined,
  [],
  { logFile: await apiLogFile('api') },
);
const hello = await startHelloYoga();
try {
  const token = await registerBenchUser(api.url, 'bench');
  const me = request(
    api.url,
    '{ me { id username email credits generationsRemaining subscriptionStatus currentPlan } }',
    {
      authorization: `Bearer ${token}`,
    },
  );
  const base = request(hello.url, '{ hello }', {});
  const check = await fetch(me.url, {
    method: 'POST',
    headers: me.headers as Record<string, string>,
    body: me.body as string,
  });
  const checked = (await check.json()) as { data?: { me?: { credits: number } } };
  if (checked.data?.me?.credits !== 5)
    throw new Error(`me query did not work: ${JSON.stringify(checked)}`);

  // Warm both up, then saturate each with the same connection count.
  await run({ ...me, duration: 2, connections: 10 });
  await run({ ...base, duration: 2, connections: 10 });
  const saturatedMe = await run({ ...me, connections: 32 });
  const saturatedBase = await run({ ...base, connections: 32 });
  // 500 requests per second, two ways: autocannon's overallRate (a burst at the start of each
  // second) and a constant arrival rate, one request every 2 ms (what "500 req/s" means for users).
  const fixedMe = await run({ ...me, connections: 20, overallRate: 500 });
  const fixedBase = await run({ ...base, connections: 20, overallRate: 500 });
  const steady = (options: autocannon.Options) =>
    constantRate({
      url: options.url!,
      headers: options.headers as Record<string, string>,
      body: options.body as string,
      rate: 500,
      durationSeconds: duration,
    });
  const steadyMe = await steady(me);
  const steadyBase = await steady(base);

  const ratio = saturatedMe.requests.average / saturatedBase.requests.average;
  const line = (label: string, r: Result) =>
    `${label.padEnd(34)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  errors ${r.errors + r.non2xx}`;
  console.log(
    `\nGraphQL \`me\` against a bare Yoga hello-world (${os.cpus().length} cores, Node ${process.version}, ${duration}s runs, load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
  console.log(line('me, saturated (32 connections)', saturatedMe));
  console.log(line('hello, saturated (32 connections)', saturatedBase));
  console.log(line('me, autocannon overallRate 500', fixedMe));
  console.log(line('hello, autocannon overallRate 500', fixedBase));
  const steadyLine = (label: string, r: ConstantRateResult) =>
    `${label.padEnd(34)} ${r.achievedRate.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(4)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1).padStart(4)} ms  max ${r.max.toFixed(0)} ms  errors ${r.errors}`;
  console.log(steadyLine('me, steady 500 req/s', steadyMe));
  console.log(steadyLine('hello, steady 500 req/s', steadyBase));
  console.log(
    '(overallRate lets each connection send its quota at the start of every second: a burst at full',
  );
  console.log(
    ' concurrency. The steady runs send one request every 2 ms and time each from when it was due.)',
  );
  const throughputOk = ratio >= THROUGHPUT_TARGET;
  console.log(
    `\nthroughput ratio me / hello: ${ratio.toFixed(2)} (target >= ${THROUGHPUT_TARGET}) ${throughputOk ? 'PASS' : 'FAIL'}`,
  );
  const tailRatio = steadyMe.p99 / steadyBase.p99;
  const tailOk =
    tailRatio <= TAIL_TARGET && steadyMe.errors === 0 && steadyMe.completed === steadyMe.sent;
  console.log(
    `p99 ratio me / hello at a steady 500 req/s: ${tailRatio.toFixed(2)} (me ${steadyMe.p99.toFixed(1)} ms, hello ${steadyBase.p99.toFixed(1)} ms; target <= ${TAIL_TARGET}) ${tailOk ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `me p99 in autocannon's 500 req/s bursts: ${fixedMe.latency.p99} ms (hello ${fixedBase.latency.p99} ms) info`,
  );
  console.log(
    `SUMMARY ${throughputOk && tailOk ? 'PASS' : 'FAIL'}: throughput ${ratio.toFixed(2)}x hello (>= ${THROUGHPUT_TARGET}), p99 ${tailRatio.toFixed(2)}x hello (<= ${TAIL_TARGET})`,
  );
} finally {
  hello.stop();
  await api.stop();
  await database.drop();
}
