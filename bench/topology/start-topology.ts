// The production shape on one machine: nginx in front of two API processes
// (PROJECTIONS_MODE=worker, blobs in an S3-compatible bucket), one projections worker, a local S3
// server and one Postgres database (fresh). Used by the topology test and `bench/topology.ts`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '@app/ledger/testing/scratch-database';
import { freePort, spawnApi, tempDataDir, type SpawnedApi } from '../../api/src/testing/spawn-api';
import { startLocalS3, type LocalS3 } from '../../api/src/testing/local-s3';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface Topology {
  /** The balancer: what users reach. */
  readonly url: string;
  readonly databaseUrl: string;
  /** The environment the API replicas run with (to start a replacement). */
  readonly env: Record<string, string>;
  readonly replicas: SpawnedApi[];
  readonly worker: ChildProcess;
  readonly s3: LocalS3;
  /** Everything the processes printed (for a failing test's message). */
  logs(): string;
  stop(): Promise<void>;
}

/** The production balancer (deploy/nginx.conf), with the host's addresses and paths. */
export async function nginxConfig(options: { dir: string; port: number; upstreams: number[] }) {
  const { dir, port, upstreams } = options;
  const production = await fs.readFile(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8');
  const replace = (text: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf has no ${pattern}`);
    return text.replace(pattern, replacement);
  };
  let config = replace(
    production,
    /^worker_processes .*$/m,
    [
      'worker_processes 1;',
      'daemon off;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      process.getuid?.() === 0 ? 'user root;' : '',
    ].join('\n'),
  );
  config = replace(
    config,
    /^ {2}resolver .*$/m,
    [
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
      ),
    ].join('\n'),
  );
  config = replace(
    config,
    /(^ {4}server api-\w+:8080 .*\n)+/m,
    upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;\n`).join(''),
  );
  // Which replica answered, for the tests.
  return replace(
    config,
    /^ {4}listen 80;$/m,
    `    listen 127.0.0.1:${port};\n    add_header X-Upstream $upstream_addr always;`,
  );
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not come up in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startTopology(
  options: { serverUrl?: string; env?: Record<string, string> } = {},
): Promise<Topology> {
  const serverUrl =
    options.serverUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase(serverUrl, 'topology');
  const databaseUrl = scratch.url;

  const cleanups: (() => Promise<unknown>)[] = [scratch.drop];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  let output = '';
  try {
    const s3 = await startLocalS3();
    cleanups.push(() => s3.stop());
    const balancerPort = await freePort();
    const publicUrl = `http://127.0.0.1:${balancerPort}`;
    const env = {
      DATABASE_URL: databaseUrl,
      PROJECTIONS_MODE: 'worker',
      PUBLIC_URL: publicUrl,
      // nginx runs on this host: the client address comes from its X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      PAYMENTS: 'local',
      STRIPE_WEBHOOK_SECRET: 'whsec_topology_local',
      RESULT_URL_SECRET: 'topology-secret',
      REGISTRATIONS_PER_IP: '10000',
      LOGIN_ATTEMPTS_PER_IP: '10000',
      DATABASE_POOL_SIZE: '8',
      // As in docker-compose.yml: after SIGTERM, new requests are handed back to nginx for 2 s.
      SHUTDOWN_DRAIN_SECONDS: '2',
      ...s3.env,
      ...options.env,
    };
    // The first replica migrates the database; the others and the worker start after it.
    const first = await spawnApi({ ...env, DATA_DIR: await tempDataDir('replica-a') }, 180_000);
    cleanups.push(() => first.stop('SIGKILL'));
    const second = await spawnApi({ ...env, DATA_DIR: await tempDataDir('replica-b') }, 180_000);
    cleanups.push(() => second.stop('SIGKILL'));

    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', 'projections/src/cli/main.ts', 'worker'],
      // LOG_LEVEL info: the start-up waits for the worker's "projections worker active" line.
      {
        cwd: repoRoot,
        env: { ...process.env, ...env, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    worker.stdout!.on('data', (chunk) => (output += `[worker] ${chunk}`));
    worker.stderr!.on('data', (chunk) => (output += `[worker] ${chunk}`));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if (worker.exitCode !== null || worker.signalCode !== null) return resolve();
          worker.once('exit', () => resolve());
          worker.kill('SIGTERM');
        }),
    );
    await waitFor(async () => /projections worker active/.test(output), 60_000, 'the worker');

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stylised-nginx-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    await fs.writeFile(
      path.join(dir, 'nginx.conf'),
      await nginxConfig({ dir, port: balancerPort, upstreams: [first.port, second.port] }),
    );
    const nginx = spawn(
      NGINX,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    nginx.stderr!.on('data', (chunk) => (output += `[nginx] ${chunk}`));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if (nginx.exitCode !== null || nginx.signalCode !== null) return resolve();
          nginx.once('exit', () => resolve());
          nginx.kill('SIGQUIT');
        }),
    );
    await waitFor(
      async () => (await fetch(`${publicUrl}/health`)).ok,
      20_000,
      `nginx on ${publicUrl}`,
    );

    return {
      url: publicUrl,
      databaseUrl,
      env,
      replicas: [first, second],
      worker,
      s3,
      logs: () =>
        [output, `[replica a] ${first.output()}`, `[replica b] ${second.output()}`].join('\n'),
      stop,
    };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
}
