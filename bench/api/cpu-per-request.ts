// CPU time the server process spends per request (utime + stime from /proc), for `me` on the API
// and `{ hello }` on a bare Yoga: steadier than throughput on a shared machine. Linux only.
// Usage: npx tsx bench/api/cpu-per-request.ts [requests] [warm-up requests, default 1000]
// (both servers keep getting faster for several thousand requests as V8 optimises them: 8000
// warm-up requests compare them warm)
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, spawnApi } from '../../api/src/testing/spawn-api';
import { registerBenchUser } from '../lib/register-user';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const requests = Number(process.argv[2] ?? 5000);
const warmUp = Number(process.argv[3] ?? 1000);
const ticks = async (pid: number) => {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
};
async function cpuPerRequest(pid: number, url: string, body: string, headers = {}) {
  const options = {
    url: `${url}/graphql`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', ...headers },
    body,
    connections: 8,
  };
  await autocannon({ ...options, amount: warmUp });
  const before = await ticks(pid);
  const result = await autocannon({ ...options, amount: requests });
  const after = await ticks(pid);
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx + result.errors} failures`);
  return ((after - before) * 10_000) / requests; // microseconds
}

const name = `bench_cpu_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${name}`;
const api = await spawnApi({
  DATABASE_URL: dbUrl.toString(),
  PROJECTIONS_MODE: 'in-process',
  REPLICATE_API_TOKEN: 'bench-never-called', // as bench/api.ts: no preview-engine model load
});
const port = await freePort();
const hello = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'hello-yoga.ts')],
  { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve) =>
  hello.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve()),
);
try {
  const token = await registerBenchUser(api.url, 'cpu');
  const me = JSON.stringify({
    query:
      '{ me { id username email credits generationsRemaining subscriptionStatus currentPlan } }',
  });
  const meCpu = await cpuPerRequest(api.process.pid!, api.url, me, {
    authorization: `Bearer ${token}`,
  });
  const helloCpu = await cpuPerRequest(
    hello.pid!,
    `http://127.0.0.1:${port}`,
    JSON.stringify({ query: '{ hello }' }),
  );
  console.log(
    `server CPU per request: me ${meCpu.toFixed(0)} µs, hello ${helloCpu.toFixed(0)} µs, hello / me ${(helloCpu / meCpu).toFixed(2)}`,
  );
} finally {
  hello.kill('SIGTERM');
  await api.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
