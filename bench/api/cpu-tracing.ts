// Server CPU per `me` request (utime + stime from /proc) with request logs at info and traces
// exported to a local OTLP receiver, against logs silent and tracing off: the cost that
// bench/tracing.ts sees as p99, measured in a way that holds on a shared machine. Linux only.
// Usage: npx tsx bench/api/cpu-tracing.ts [requests, default 5000] [warm-up requests, default 8000]
//        [--split: also logs alone and traces alone, to tell their costs apart]
import fs from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { spawnApi } from '../../api/src/testing/spawn-api';
import { startOtlpReceiver } from '../lib/otlp-receiver';
import { registerBenchUser } from '../lib/register-user';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [requests = 5000, warmUp = 8000] = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith('--'))
  .map(Number);
const split = process.argv.includes('--split');
const ticks = async (pid: number) => {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
};

const name = `bench_cpu_tracing_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const receiver = await startOtlpReceiver();
const receiverUrl = receiver.url;
const common = {
  DATABASE_URL: databaseUrl,
  PROJECTIONS_MODE: 'in-process',
  LOG_FORMAT: 'json',
  REPLICATE_API_TOKEN: 'bench-never-called', // as bench/api.ts: no preview-engine model load
};

let token = '';
async function cpuPerRequest(env: Record<string, string>): Promise<number> {
  const api = await spawnApi(env, 180_000);
  try {
    if (!token) {
      token = await registerBenchUser(api.url, 'cpu');
    }
    const options = {
      url: `${api.url}/graphql`,
      method: 'POST' as const,
      headers: {
        'content-type': 'application/json',
        'x-graphql-yoga-csrf': '1',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ query: 'query Me { me { id username credits } }' }),
      connections: 8,
    };
    await autocannon({ ...options, amount: warmUp });
    const before = await ticks(api.process.pid!);
    const result = await autocannon({ ...options, amount: requests });
    const after = await ticks(api.process.pid!);
    if (result.non2xx || result.errors)
      throw new Error(`${result.non2xx + result.errors} failures`);
    return ((after - before) * 10_000) / requests;
  } finally {
    await api.stop();
  }
}

try {
  const variants: Record<string, Record<string, string>> = {
    'logs silent, tracing off': { ...common, LOG_LEVEL: 'silent' },
    ...(split
      ? {
          'logs info, tracing off': { ...common, LOG_LEVEL: 'info' },
          'logs silent, traces exported': {
            ...common,
            LOG_LEVEL: 'silent',
            OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
          },
        }
      : {}),
    'logs info, traces exported': {
      ...common,
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
    },
  };
  const figures = new Map<string, number[]>(Object.keys(variants).map((label) => [label, []]));
  // Alternated, twice each, so drift on a shared machine hits all alike.
  for (let round = 0; round < 2; round++)
    for (const [label, env] of Object.entries(variants))
      figures.get(label)!.push(await cpuPerRequest(env));
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const off = mean(figures.get('logs silent, tracing off')!);
  console.log(`server CPU per me request (load ${os.loadavg()[0]!.toFixed(1)}):`);
  for (const [label, values] of figures)
    console.log(
      `  ${label.padEnd(30)} ${values.map((v) => v.toFixed(0).padStart(4)).join(' / ')} µs  mean / off ${(mean(values) / off).toFixed(2)}`,
    );
} finally {
  receiver.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
