import fs from 'node:fs/promises';
import { freshDatabase } from './fresh-database';
import { tempDataDir } from './spawn-api';

export type Cleanup = () => Promise<unknown>;

/**
 * A data folder and a fresh database for API processes a test starts and kills; both are removed
 * by `cleanUp` (after the processes, which the test registers as they start).
 */
export async function processScratch(label: string, cleanups: Cleanup[]) {
  const dataDir = await tempDataDir(label);
  const database = await freshDatabase(label);
  cleanups.push(
    () => database.drop(),
    () => fs.rm(dataDir, { recursive: true, force: true }),
  );
  return { dataDir, databaseUrl: database.url };
}

/** Runs the cleanups last registered first; one failing does not stop the others. */
export async function cleanUp(cleanups: Cleanup[]) {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
