import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The API as production runs it, for the benchmarks that measure it: `NODE_ENV=production`
 * (logs at info, introspection and field suggestions off, secure cookies), with the simulated
 * checkout since no benchmark pays. Under `NODE_ENV=test` the logs were at warn, so a request's
 * log line never showed in a figure. Pass `spawnApi` a `logFile` beside it: a log piped back to
 * the benchmark would be collected by the benchmark's own event loop.
 */
export const PRODUCTION_API_ENV = { NODE_ENV: 'production', PAYMENTS: 'local' } as const;

/**
 * A fresh file for the API's log, in a private temporary directory removed when the benchmark
 * exits (at info, a run at 500 requests/s writes a line per request).
 */
export async function apiLogFile(label: string): Promise<string> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), `bench-${label}-log-`));
  process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  return path.join(directory, 'api.log');
}
