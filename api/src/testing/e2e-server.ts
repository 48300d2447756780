import fs from 'node:fs/promises';
import { createScratchDatabase } from '@app/ledger/testing/scratch-database';
import pg from 'pg';
import { spawnApi, tempDataDir, type SpawnedApi } from './spawn-api';

export interface E2eServer {
  readonly url: string;
  readonly api: SpawnedApi;
  readonly dataDir: string;
  /** A pool on the server's database, for assertions (null in embedded mode: PGlite has one owner). */
  readonly pool: pg.Pool | null;
  stop(): Promise<void>;
}

/**
 * The real product for browser tests: `api/src/main.ts` in its own process serving the built web
 * app, on a fresh database (a new one on the DATABASE_URL server, or embedded PGlite without it).
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const dataDir = await tempDataDir('e2e');
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl = '';
  let dropDatabase = async () => undefined as void;
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'e2e');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  const api = await spawnApi({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REGISTRATIONS_PER_IP: '10000',
    LOGIN_ATTEMPTS_PER_IP: '10000',
    ...env,
  });
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null;
  return {
    url: api.url,
    api,
    dataDir,
    pool,
    async stop() {
      await pool?.end();
      await api.stop();
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
