// Server overhead around the image service for a 5 MB JPEG, and peak memory under 8 concurrent
// 10 MB uploads. Prints figures (not a test). Needs a Postgres server (DATABASE_URL, default local).
import { createServer } from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sanitizeUpload } from '../api/src/generation/upload/sanitize-upload';
import { DecodePool } from '../api/src/generation/upload/decode-pool';
import { jpegOfSize } from './lib/camera-jpeg';
import { childPids, cpuMsOf, selfCpuMs } from './lib/process-cpu';
import { graphqlUploadForm, pacedRestUpload, restUploadForm } from './lib/upload-forms';
import { startTreeApi } from './lib/tree-api';

const quick = process.argv.includes('--quick');
const RUNS = quick ? 8 : 30;
/** `--skip-memory`: leaves out the 8 concurrent 10 MB uploads (minutes of rendering on a loaded machine). */
const skipMemory = process.argv.includes('--skip-memory');
/** `--cpu-prof=<dir>`: the API writes a V8 CPU profile there when it stops. */
const cpuProfDir = process.argv.find((arg) => arg.startsWith('--cpu-prof='))?.slice(11);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

function serverTiming(header: string | null) {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => {
      const [name, dur] = part.trim().split(';dur=');
      return [name, Number(dur)];
    }),
  );
  return {
    before: parts['before-provider'] ?? NaN,
    provider: parts.provider ?? NaN,
    after: parts['after-provider'] ?? NaN,
    receive: parts.receive ?? NaN,
    checks: parts.checks ?? NaN,
    hold: parts.hold ?? NaN,
    queue: parts.queue ?? NaN,
  };
}

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** The baseline: a bare Node server that only receives the same multipart body and answers. */
async function bareUploadServer() {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

const {
  api,
  tokens: users,
  close,
} = await startTreeApi({
  root: path.resolve(import.meta.dirname, '..'),
  label: 'generate',
  users: 4,
  env: { PROVIDER_CONCURRENCY: '8' },
  nodeArgs: cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [],
});
try {
  const fiveMb = await jpegOfSize(5 * 1024 * 1024);
  const tenMb = skipMemory ? Buffer.alloc(0) : await jpegOfSize(9.5 * 1024 * 1024);
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // the API's projections catch up

  const generate = async (token: string, bytes: Buffer) => {
    const started = performance.now();
    const response = await fetch(`${api.url}/api/generate-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: restUploadForm(bytes),
    });
    if (!response.ok)
      throw new Error(`generation failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return {
      ...serverTiming(response.headers.get('server-timing')),
      roundTrip: performance.now() - started,
    };
  };

  await generate(users[0]!, fiveMb); // warm-up
  const runs: Awaited<ReturnType<typeof generate>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await generate(users[0]!, fiveMb));
  const overhead = runs.map((r) => r.before + r.after);
  const runPercentile = (name: keyof (typeof runs)[number], p: number) =>
    percentile(
      runs.map((r) => r[name]),
      p,
    );
  // A photo arriving as over a real connection: what is left to do once its last byte is in.
  const PACED_MBPS = 100;
  const generatePaced = async (token: string, bytes: Buffer) => {
    const upload = await pacedRestUpload(bytes, PACED_MBPS);
    const response = await fetch(`${api.url}/api/generate-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': upload.contentType },
      body: upload.stream,
      duplex: 'half',
    } as RequestInit);
    if (!response.ok)
      throw new Error(`paced generation failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    const timing = serverTiming(response.headers.get('server-timing'));
    return { ...timing, afterLastByte: timing.checks + timing.hold + timing.queue };
  };
  await generatePaced(users[0]!, fiveMb); // warm-up
  const pacedRuns: Awaited<ReturnType<typeof generatePaced>>[] = [];
  for (let i = 0; i < RUNS; i++) pacedRuns.push(await generatePaced(users[0]!, fiveMb));
  // The web app's path: GraphQL answers carry no Server-Timing, so only the round trip is seen.
  const generateOverGraphql = async (token: string, bytes: Buffer) => {
    const started = performance.now();
    const response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-graphql-yoga-csrf': '1' },
      body: graphqlUploadForm(bytes),
    });
    const body = (await response.json()) as { data?: { generateImage: { status: string } } };
    if (body.data?.generateImage.status !== 'SUCCEEDED')
      throw new Error(`GraphQL generation failed: ${response.status} ${JSON.stringify(body)}`);
    return performance.now() - started;
  };
  await generateOverGraphql(users[0]!, fiveMb); // warm-up
  const graphqlRoundTrips: number[] = [];
  for (let i = 0; i < RUNS; i++)
    graphqlRoundTrips.push(await generateOverGraphql(users[0]!, fiveMb));
  const bare = await bareUploadServer();
  const bareTimes = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await (await fetch(bare.url, { method: 'POST', body: restUploadForm(fiveMb) })).text();
    bareTimes.push(performance.now() - started);
  }
  bare.close();
  // The floor under the checks: decoding and re-encoding this JPEG once, here, with nothing else running.
  const decodeTimes = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await sanitizeUpload(fiveMb);
    decodeTimes.push(performance.now() - started);
  }
  const decodeCpuStart = selfCpuMs();
  for (let i = 0; i < RUNS; i++) await sanitizeUpload(fiveMb);
  const decodeCpu = (selfCpuMs() - decodeCpuStart) / RUNS;
  // The upload check as the API runs it: header here, decode in a decode process.
  // Only the pool's process counts: the API this script started is a child of it too.
  const childrenBefore = new Set(await childPids());
  const pool = new DecodePool({ concurrency: 1, maxWaiting: 1, timeoutMs: 60_000 });
  await sanitizeUpload(fiveMb, pool.decode); // starts the process
  const poolTimes = [];
  const children = (await childPids()).filter((pid) => !childrenBefore.has(pid));
  const poolCpuStart =
    selfCpuMs() + (await Promise.all(children.map(cpuMsOf))).reduce((a, b) => a + b, 0);
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await sanitizeUpload(fiveMb, pool.decode);
    poolTimes.push(performance.now() - started);
  }
  const poolCpu =
    (selfCpuMs() +
      (await Promise.all(children.map(cpuMsOf))).reduce((a, b) => a + b, 0) -
      poolCpuStart) /
    RUNS;
  await pool.close();

  const idleRss = await rssOf(api.process.pid!);
  let peakRss = idleRss;
  const sampler = setInterval(
    () => void rssOf(api.process.pid!).then((rss) => (peakRss = Math.max(peakRss, rss))),
    20,
  );
  const concurrent = skipMemory
    ? []
    : await Promise.all(Array.from({ length: 8 }, (_, i) => generate(users[i % 4]!, tenMb)));
  clearInterval(sampler);
  peakRss = Math.max(peakRss, await rssOf(api.process.pid!));

  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const p50 = percentile(overhead, 50);
  console.log(
    `\nGeneration server overhead (${os.cpus().length} cores, Node ${process.version}, local engine, ${RUNS} sequential runs)`,
  );
  console.log(`upload: ${mb(fiveMb.length)} JPEG; concurrency test: 8 × ${mb(tenMb.length)} JPEG`);
  console.log(
    `request received → provider call    p50 ${f(runPercentile('before', 50))}  p95 ${f(
      runPercentile('before', 95),
    )}`,
  );
  const part = (name: 'receive' | 'checks' | 'hold' | 'queue') => f(runPercentile(name, 50));
  console.log(
    `  of which: body received ${part('receive')}, upload checked ${part('checks')}, credits held ${part('hold')}, provider slot ${part('queue')} (p50 each)`,
  );
  console.log(
    `  baseline: sanitizeUpload of the same JPEG alone, in this process  p50 ${f(percentile(decodeTimes, 50))}, CPU ${f(decodeCpu)} per photo (mean)`,
  );
  console.log(
    `  the same through the API's decode pool (1 process)  p50 ${f(percentile(poolTimes, 50))} (ratio ${(percentile(poolTimes, 50) / percentile(decodeTimes, 50)).toFixed(2)}×), CPU ${f(poolCpu)} per photo (mean, both processes; ratio ${(poolCpu / decodeCpu).toFixed(2)}×)`,
  );
  console.log(
    `provider done → response sent        p50 ${f(runPercentile('after', 50))}  p95 ${f(
      runPercentile('after', 95),
    )}`,
  );
  const overheadRatio = p50 / percentile(decodeTimes, 50);
  console.log(
    `overhead (both)                      p50 ${f(p50)}  p95 ${f(percentile(overhead, 95))}   (${overheadRatio.toFixed(2)}× the decode alone; target ≤ 1.3×) ${overheadRatio <= 1.3 ? 'PASS' : 'FAIL'}`,
  );
  console.log(`provider (local engine render)       p50 ${f(runPercentile('provider', 50))}`);
  const pacedP50 = (name: 'receive' | 'checks' | 'afterLastByte') =>
    percentile(
      pacedRuns.map((r) => r[name]),
      50,
    );
  console.log(
    `arriving at ${PACED_MBPS} Mbit/s (as over a real connection): body received p50 ${f(pacedP50('receive'))}; last byte in → provider call p50 ${f(pacedP50('afterLastByte'))} (upload checked ${f(pacedP50('checks'))}; ${(pacedP50('afterLastByte') / percentile(decodeTimes, 50)).toFixed(2)}× the decode alone)`,
  );
  const ownRoundTrip = percentile(
    runs.map((r) => r.roundTrip - r.provider),
    50,
  );
  const bareRoundTrip = percentile(bareTimes, 50);
  console.log(
    `baseline: bare upload round trip     p50 ${f(bareRoundTrip)}; our round trip minus provider p50 ${f(ownRoundTrip)} (ratio ${(ownRoundTrip / bareRoundTrip).toFixed(1)}×)`,
  );
  // Its overhead as far as it can be seen from outside: the round trip less REST's provider p50
  // (the same engine rendering the same photo), beside REST's round trip less its own provider.
  const graphqlRoundTrip = percentile(graphqlRoundTrips, 50);
  const graphqlOverhead = graphqlRoundTrip - runPercentile('provider', 50);
  console.log(
    `GraphQL (the web app's path; no Server-Timing) round trip p50 ${f(graphqlRoundTrip)}  p95 ${f(percentile(graphqlRoundTrips, 95))}; minus REST's provider p50: ${f(graphqlOverhead)} (${(graphqlOverhead / percentile(decodeTimes, 50)).toFixed(2)}× the decode alone; REST's round trip minus provider ${f(ownRoundTrip)}, ${(ownRoundTrip / percentile(decodeTimes, 50)).toFixed(2)}×)`,
  );
  if (!skipMemory)
    console.log(
      `memory: idle RSS ${mb(idleRss)}, peak RSS under 8 concurrent uploads ${mb(peakRss)} (ratio ${(peakRss / idleRss).toFixed(2)}×; target < 600 MB) ${peakRss < 600 * 1024 * 1024 ? 'PASS' : 'FAIL'}`,
    );
  if (!skipMemory)
    console.log(`all 8 concurrent generations succeeded: ${concurrent.length === 8}`);
} finally {
  await close();
}
