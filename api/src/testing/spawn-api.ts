import { spawn, type ChildProcess } from 'node:child_process';
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

/** Starts `api/src/main.ts` as its own process (real HTTP, real shutdown) and waits for /health. */
export async function spawnApi(
  env: Record<string, string | undefined>,
  // A loaded machine (several test runs at once) may need longer: TEST_API_START_TIMEOUT_MS.
  timeoutMs = Number(process.env.TEST_API_START_TIMEOUT_MS ?? 60_000),
  nodeArgs: string[] = [],
): Promise<SpawnedApi> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`api did not become healthy in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
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
