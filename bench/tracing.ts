// p99 of the GraphQL `me` query at a steady 500 requests/s with request logs at info and traces
// exported to a local OTLP receiver, against the same API with logs silent and tracing off, in
// one run on one database. Metrics are always collected (prom-client counters), in both.
// Needs a Postgres server (DATABASE_URL, default the local one); prints figures, not a test.
// `--quick` runs 3 s per phase instead of 10.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { spawnApi, type SpawnedApi } from '../api/src/testing/spawn-api';
import { constantRate, type ConstantRateResult } from './lib/constant-rate';
import { registerBenchUser } from './lib/register-user';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = process.argv.includes('--quick') ? 3 : 10;
const RATE = 500;
const LIMIT = 1.15;

const name = `bench_tracing_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

// The receiver counts spans' bytes and answers at once, as a collector on the same host would.
let exportedBytes = 0;
const receiver = createServer((request, response) => {
  request.on('data', (chunk: Buffer) => (exportedBytes += chunk.length));
  request.on('end', () =>
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
  );
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const common = {
  DATABASE_URL: databaseUrl,
  PROJECTIONS_MODE: 'in-process',
  LOG_FORMAT: 'json',
  // As in bench/api.ts: the preview engine would load its models while the runs start, which
  // measures start-up, not `me`. No generation runs here, so the token is never used.
  REPLICATE_API_TOKEN: 'bench-never-called',
};
const variants = {
  off: { ...common, LOG_LEVEL: 'silent' },
  instrumented: { ...common, LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl },
};

let token = '';
async function measure(env: Record<string, string>): Promise<ConstantRateResult> {
  const api: SpawnedApi = await spawnApi(env, 180_000);
  try {
    if (!token) {
      token = await registerBenchUser(api.url, 'tr');
    }
    const options = {
      url: `${api.url}/graphql`,
      headers: {
        'content-type': 'application/json',
        'x-graphql-yoga-csrf': '1',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ query: 'query Me { me { id username credits } }' }),
      rate: RATE,
    };
    // Warm-up: the JIT keeps speeding `me` up over its first ~5,000 requests.
    await constantRate({ ...options, durationSeconds: 10 });
    return await constantRate({ ...options, durationSeconds: duration });
  } finally {
    await api.stop();
  }
}

try {
  // Alternated, twice each, so drift on a shared machine hits both alike; the better run counts.
  const off: ConstantRateResult[] = [];
  const on: ConstantRateResult[] = [];
  for (let round = 0; round < 2; round++) {
    off.push(await measure(variants.off));
    on.push(await measure(variants.instrumented));
  }
  const best = (runs: ConstantRateResult[]) => runs.reduce((a, b) => (b.p99 < a.p99 ? b : a));
  const line = (label: string, r: ConstantRateResult) =>
    `${label.padEnd(40)} ${r.achievedRate.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`;
  console.log(
    `\n\`me\` at a steady ${RATE} req/s, ${duration}s runs (${os.cpus().length} cores, Node ${process.version}; load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  off.forEach((r, i) => console.log(line(`logs silent, tracing off (run ${i + 1})`, r)));
  on.forEach((r, i) => console.log(line(`logs info, tracing on (run ${i + 1})`, r)));
  const ratio = best(on).p99 / best(off).p99;
  console.log(`spans exported: ${(exportedBytes / 1024).toFixed(0)} KiB of OTLP JSON`);
  console.log(
    `p99 instrumented / off: ${ratio.toFixed(2)} (target <= ${LIMIT}) ${ratio <= LIMIT ? 'PASS' : 'FAIL'}`,
  );
} finally {
  receiver.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
