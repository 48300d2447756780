// Profiles the API process while autocannon sends `me`: a CPU profile (node --cpu-prof) summarised
// by self time, the event loop's delay histogram and pg_stat_statements when the server has it.
// Usage: npx tsx bench/api/profile-me.ts [seconds] [--traced] (prints figures; not a test)
// --traced: request logs at info and traces exported to a local OTLP receiver, as bench/tracing.ts.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { spawnApi } from '../../api/src/testing/spawn-api';
import { startOtlpReceiver } from '../lib/otlp-receiver';
import { registerBenchUser } from '../lib/register-user';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 8);
const traced = process.argv.includes('--traced');
const receiver = await startOtlpReceiver();
const receiverUrl = receiver.url;
const name = `bench_prof_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const profileDir = await fs.mkdtemp(path.join(os.tmpdir(), 'me-profile-'));
let loadStarted = 0;
let loadEnded = 0;
let exited = 0;
const api = await spawnApi(
  {
    DATABASE_URL: url.toString(),
    PROJECTIONS_MODE: 'in-process',
    REPLICATE_API_TOKEN: 'bench-never-called', // no preview-engine model load
    ...(traced
      ? { LOG_LEVEL: 'info', LOG_FORMAT: 'json', OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl }
      : { LOG_LEVEL: 'warn' }),
  },
  60_000,
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
);
try {
  const token = await registerBenchUser(api.url, 'prof');
  loadStarted = performance.now();
  const result = await autocannon({
    url: `${api.url}/graphql`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-graphql-yoga-csrf': '1',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      query:
        '{ me { id username email credits generationsRemaining subscriptionStatus currentPlan } }',
    }),
    connections: 16,
    duration: seconds,
  });
  loadEnded = performance.now();
  console.log(`me: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
} finally {
  await api.stop();
  exited = performance.now();
  receiver.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = (await fs.readdir(profileDir)).sort()[0]; // the main thread's
const profile = JSON.parse(await fs.readFile(path.join(profileDir, file!), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
};
// Only the samples taken while the load ran (the profile ends when the process exits).
const windowStart = profile.endTime - (exited - loadStarted) * 1000;
const windowEnd = profile.endTime - (exited - loadEnded) * 1000;
const startTime = profile.endTime - profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
console.log(
  `profile ${((profile.endTime - startTime) / 1e6).toFixed(1)} s, load window ${((windowStart - startTime) / 1e6).toFixed(1)}..${((windowEnd - startTime) / 1e6).toFixed(1)} s`,
);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const keyOf = (node: Node) => {
  const frame = node.callFrame;
  const where = frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/issue-22\//, '');
  return `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber}`;
};
const inclusive = new Map<string, number>();
const self = new Map<string, number>();
let at = startTime;
profile.samples.forEach((id, index) => {
  at += profile.timeDeltas[index] ?? 0;
  if (at < windowStart || at > windowEnd) return;
  const key = keyOf(byId.get(id)!);
  const seen = new Set<string>();
  for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
    const stackKey = keyOf(byId.get(node)!);
    if (seen.has(stackKey)) continue;
    seen.add(stackKey);
    inclusive.set(stackKey, (inclusive.get(stackKey) ?? 0) + (profile.timeDeltas[index] ?? 0));
  }
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...self.values()].reduce((sum, value) => sum + value, 0);
const byPackage = new Map<string, number>();
for (const [key, value] of self) {
  const pkg = key.split(' ')[1]?.split('/').slice(0, 2).join('/') ?? '?';
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + value);
}
console.log(`profile: ${profileDir}/${file}`);
console.log('self time, top functions:');
for (const [key, value] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(`${((100 * value) / total).toFixed(1).padStart(5)}%  ${key}`);
console.log('inclusive time, top frames:');
for (const [key, value] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 60))
  console.log(`${((100 * value) / total).toFixed(1).padStart(5)}%  ${key}`);
console.log('self time by package/file:');
for (const [key, value] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${((100 * value) / total).toFixed(1).padStart(5)}%  ${key}`);
