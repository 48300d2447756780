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

export function nginxConfig(options: { dir: string; port: number; upstreams: number[] }) {
  const { dir, port, upstreams } = options;
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 512; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 11m;

  upstream api {
    # Passive health: a replica that refuses connections is left alone for 10 s.
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    # No keepalive pool: a reused connection to a replica that just died fails after the request
    # was sent, which nginx may not replay for a POST; a fresh connect is refused and rerouted.
  }

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A replica that is down (connection refused, reset before an answer) is skipped: the request
      # goes to the next one. Requests already sent are not replayed (POSTs are not idempotent).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
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
      nginxConfig({ dir, port: balancerPort, upstreams: [first.port, second.port] }),
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
