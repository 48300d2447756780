// Bytes the V8 heap allocates and promotes per `me` request, from --trace-gc-nvp in the server,
// for this checkout's API and, with --base <dir>, another's: logs at info with traces exported
// and both off, windows at a steady 500 req/s alternated over the variants. Allocation hardly
// depends on how busy the machine is, unlike p99 or CPU time. Prints figures; Linux or macOS.
// Usage: npx tsx bench/api/alloc-per-request.ts [--base <dir>] [--rounds 3] [--seconds 6]
import path from 'node:path';
import pg from 'pg';
import type { SpawnedApi } from '../../api/src/testing/spawn-api';
import { constantRate } from '../lib/constant-rate';
import { startOtlpReceiver } from '../lib/otlp-receiver';
import { registerBenchUser } from '../lib/register-user';
import { meRequest } from '../lib/me-request';

const argument = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const base = argument('--base');
const rounds = Number(argument('--rounds') ?? 3);
const seconds = Number(argument('--seconds') ?? 6);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type SpawnApi = (
  env: Record<string, string>,
  timeoutMs: number,
  nodeArgs: string[],
) => Promise<SpawnedApi>;
const roots = { this: path.resolve(import.meta.dirname, '../..'), ...(base ? { base } : {}) };
const spawners = new Map<string, SpawnApi>();
for (const [label, root] of Object.entries(roots))
  spawners.set(
    label,
    (
      (await import(path.join(path.resolve(root), 'api/src/testing/spawn-api.ts'))) as {
        spawnApi: SpawnApi;
      }
    ).spawnApi,
  );

const name = `htrace4_alloc_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const receiver = await startOtlpReceiver();
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

/** Sums allocated= and promoted= over the GC lines printed since `from` in the output. */
function gcTotals(output: string, from: number) {
  let allocated = 0;
  let promoted = 0;
  let scavenges = 0;
  let others = 0;
  for (const line of output.slice(from).split('\n')) {
    if (!line.includes(' gc=')) continue;
    allocated += Number(/ allocated=(\d+)/.exec(line)?.[1] ?? 0);
    promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    if (/ gc=s /.test(line)) scavenges++;
    else others++;
  }
  return { allocated, promoted, scavenges, others };
}

let token = '';
const load = (api: SpawnedApi, durationSeconds: number) =>
  constantRate({
    ...meRequest(api.url, token),
    rate: 500,
    durationSeconds,
  });

const apis = new Map<string, SpawnedApi>();
try {
  for (const label of spawners.keys())
    for (const mode of ['off', 'on'] as const) {
      const api = await spawners.get(label)!(modes[mode], 180_000, ['--trace-gc-nvp']);
      apis.set(`${label} ${mode}`, api);
      if (!token) token = await registerBenchUser(api.url, 'alloc');
      await load(api, 10);
    }
  const keys = [...apis.keys()];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...keys].reverse() : keys;
    for (const key of order) {
      const api = apis.get(key)!;
      await load(api, 1);
      const from = api.output().length;
      const result = await load(api, seconds);
      // The GC lines of the window's last moments reach the pipe a little later.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const gc = gcTotals(api.output(), from);
      console.log(
        `round ${round + 1} ${key.padEnd(9)} allocated ${(gc.allocated / result.completed / 1024).toFixed(1)} KiB/request, promoted ${(gc.promoted / result.completed).toFixed(0)} B/request; ${gc.scavenges} scavenges, ${gc.others} other collections; p99 ${result.p99.toFixed(1)} ms`,
      );
    }
  }
} finally {
  for (const api of apis.values()) await api.stop();
  receiver.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
