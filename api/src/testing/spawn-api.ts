import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface SpawnedApi {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  readonly output: () => string;
  /** SIGTERM, and wait for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface SpawnOptions {
  /**
   * The process writes its stdout and stderr to this file instead of a pipe this process reads:
   * a benchmark's own event loop then does no work for the server's log lines.
   */
  readonly logFile?: string;
}

/**
 * The API's V8 flags, as in the Dockerfile's CMD and `npm start`. A 64 MB semi-space lets the
 * 64 KB socket buffers of a few 5 MB uploads die in scavenges; with the default (16 MB) the API
 * at times starts incremental marking on every upload (one mark-compact each; issue 22). With a
 * young generation that large, V8 starts marking the old one whenever its room left is smaller
 * than the young one (about three mark-compacts per generation of a 5 MB photo); an initial old
 * generation of 128 MB lets it grow that far first (README "### Production").
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=64', '--initial-old-space-size=128'];

/**
 * The API's environment beyond its configuration, as the Dockerfile's ENV (this shell's own values
 * win, so a benchmark can compare; `npm start` leaves it to the shell, see README): glibc
 * keeps up to eight malloc arenas per core for the threads of libvips, the render worker and
 * libuv; two keep a replica about 90 MB smaller after uploads.
 */
export const API_PROCESS_ENV = { MALLOC_ARENA_MAX: '2' };

/** Starts `api/src/main.ts` as its own process (real HTTP, real shutdown) and waits for /health. */
export async function spawnApi(
  env: Record<string, string | undefined>,
  // A loaded machine (several test runs at once) may need longer: TEST_API_START_TIMEOUT_MS.
  timeoutMs = Number(process.env.TEST_API_START_TIMEOUT_MS ?? 60_000),
  nodeArgs: string[] = [],
  options: SpawnOptions = {},
): Promise<SpawnedApi> {
  const port = Number(env.PORT ?? (await freePort()));
  const logFd = options.logFile ? openSync(options.logFile, 'a', 0o600) : null;
  const child = spawn(
    process.execPath,
    [...API_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', 'api/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        ...API_PROCESS_ENV,
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        ...env,
        PORT: String(port),
      },
      stdio: logFd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
    },
  );
  if (logFd !== null) closeSync(logFd); // the child has its own copy
  let piped = '';
  child.stdout?.on('data', (chunk) => (piped += chunk));
  child.stderr?.on('data', (chunk) => (piped += chunk));
  const readOutput = () => (options.logFile ? readFileSync(options.logFile, 'utf8') : piped);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`api exited with ${child.exitCode}:\n${readOutput()}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`api did not become healthy in ${timeoutMs} ms:\n${readOutput()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    process: child,
    output: readOutput,
    stop: (signal: NodeJS.Signals = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export const tempDataDir = async (label: string) =>
  fs.mkdtemp(path.join((await import('node:os')).tmpdir(), `stylised-${label}-`));
