// Where a `me` request's heap allocations come from, with logs at info and traces exported and
// with both off: V8's sampling heap profiler in the server (bench/lib/alloc-sampling-preload.mjs,
// collected objects included) over a window at a steady 500 req/s. Prints bytes per request by
// allocating function and by package, the instrumented variant's excess first.
// Usage: npx tsx bench/api/alloc-profile.ts [--seconds 6] [--top 40]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnApi, type SpawnedApi } from '../../api/src/testing/spawn-api';
import { constantRate } from '../lib/constant-rate';
import { startOtlpReceiver } from '../lib/otlp-receiver';
import { registerBenchUser } from '../lib/register-user';
import { meRequest } from '../lib/me-request';

const argument = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const seconds = Number(argument('--seconds') ?? 6);
const top = Number(argument('--top') ?? 40);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const preload = path.resolve(import.meta.dirname, '../lib/alloc-sampling-preload.mjs');

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const name = `htrace4_allocprof_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const receiver = await startOtlpReceiver();
const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'alloc-profile-'));
const common = {
  DATABASE_URL: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
  PROJECTIONS_MODE: 'in-process',
  LOG_FORMAT: 'json',
  REPLICATE_API_TOKEN: 'bench-never-called',
};
const modes = {
  off: { ...common, LOG_LEVEL: 'silent' },
  on: { ...common, LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
};

let token = '';
const load = (api: SpawnedApi, durationSeconds: number) =>
  constantRate({
    ...meRequest(api.url, token),
    rate: 500,
    durationSeconds,
  });

const where = (frame: ProfileNode['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(api|ledger)\//, '$1/')}:${frame.lineNumber}`;
const packageOf = (url: string) => {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  const own = /\/(api|ledger|projections)\/src\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url || '(native)';
};

async function profileOf(mode: keyof typeof modes) {
  const file = path.join(directory, `${mode}.heapprofile`);
  const api = await spawnApi({ ...modes[mode], ALLOC_PROFILE_FILE: file }, 180_000, [
    '--import',
    preload,
  ]);
  try {
    if (!token) token = await registerBenchUser(api.url, 'allocprof');
    await load(api, 10);
    api.process.kill('SIGUSR2');
    const result = await load(api, seconds);
    api.process.kill('SIGUSR2');
    for (let tries = 0; tries < 100; tries++) {
      try {
        const head = JSON.parse(await fs.readFile(file, 'utf8')) as { head: ProfileNode };
        return { head: head.head, requests: result.completed };
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`no heap profile in ${file}`);
  } finally {
    await api.stop();
  }
}

function totals(head: ProfileNode, requests: number) {
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const visit = (node: ProfileNode) => {
    if (node.selfSize) {
      const key = where(node.callFrame);
      byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize / requests);
      const pkg = packageOf(node.callFrame.url);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.selfSize / requests);
    }
    node.children.forEach(visit);
  };
  visit(head);
  return { byFunction, byPackage };
}

try {
  const off = await profileOf('off');
  const on = await profileOf('on');
  const offTotals = totals(off.head, off.requests);
  const onTotals = totals(on.head, on.requests);
  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  console.log(
    `sampled bytes per request: off ${(sum(offTotals.byFunction) / 1024).toFixed(1)} KiB, instrumented ${(sum(onTotals.byFunction) / 1024).toFixed(1)} KiB`,
  );
  for (const key of ['byPackage', 'byFunction'] as const) {
    const names = new Set([...offTotals[key].keys(), ...onTotals[key].keys()]);
    const rows = [...names]
      .map((label) => ({
        label,
        off: offTotals[key].get(label) ?? 0,
        on: onTotals[key].get(label) ?? 0,
      }))
      .sort((a, b) => b.on - b.off - (a.on - a.off))
      .slice(0, top);
    console.log(`\n${key}, instrumented minus off (B per request):`);
    for (const row of rows)
      console.log(
        `${(row.on - row.off).toFixed(0).padStart(7)}  (${row.off.toFixed(0).padStart(6)} -> ${row.on.toFixed(0).padStart(6)})  ${row.label}`,
      );
  }
} finally {
  receiver.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
