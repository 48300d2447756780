import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * In embedded mode only one process may open the PGlite data folder. The API records itself here
 * so operator tools send their work to it instead of opening the database a second time.
 */
export interface RuntimeFile {
  pid: number;
  port: number;
  operatorToken: string;
}

export const runtimeFilePath = (dataDir: string) => path.join(dataDir, 'runtime.json');

export async function writeRuntimeFile(dataDir: string, runtime: RuntimeFile) {
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(runtimeFilePath(dataDir), JSON.stringify(runtime), { mode: 0o600 });
}

export async function removeRuntimeFile(dataDir: string) {
  await fs.rm(runtimeFilePath(dataDir), { force: true });
}

/** The running embedded API, or null when none is (a stale file is ignored). */
export async function readLiveRuntime(dataDir: string): Promise<RuntimeFile | null> {
  try {
    const runtime = JSON.parse(await fs.readFile(runtimeFilePath(dataDir), 'utf8')) as RuntimeFile;
    process.kill(runtime.pid, 0);
    return runtime;
  } catch {
    return null;
  }
}
