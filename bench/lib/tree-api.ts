import fs from 'node:fs/promises';
import path from 'node:path';
import { createLedger, creditStreamId, openDatabase, PostgresEventStore } from '@app/ledger';
import { createScratchDatabase } from '@app/ledger/testing/scratch-database';
import type * as spawnModule from '../../api/src/testing/spawn-api';
import type { SpawnedApi } from '../../api/src/testing/spawn-api';
import { benchMeta } from './bench-generation';
import { apiLogFile, PRODUCTION_API_ENV } from './production-api-env';

export interface TreeApi {
  readonly api: SpawnedApi;
  /** Bearer tokens of the users registered, each with 5,000 credits. */
  readonly tokens: string[];
  close(): Promise<void>;
}

/**
 * The API of the source tree at `root` (this one or an older checkout, for an A/B), started as
 * production runs it on a scratch database of its own, with `users` users who can generate.
 */
export async function startTreeApi(options: {
  readonly root: string;
  readonly label: string;
  readonly users: number;
  readonly env?: Record<string, string>;
  /** Node flags for the API process (a CPU profile, say). */
  readonly nodeArgs?: string[];
}): Promise<TreeApi> {
  const { root, label, users } = options;
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { spawnApi, tempDataDir } = (await import(
    path.join(root, 'api/src/testing/spawn-api.ts')
  )) as typeof spawnModule;
  const scratch = await createScratchDatabase(serverUrl, `bench_${label.replaceAll('-', '_')}`);
  const dataDir = await tempDataDir(`bench-${label}`);
  const api = await spawnApi(
    {
      ...PRODUCTION_API_ENV,
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      REGISTRATIONS_PER_IP: '1000',
      ...options.env,
    },
    120_000,
    options.nodeArgs ?? [],
    { logFile: await apiLogFile(label) },
  );
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  const store = new PostgresEventStore(database.pool);
  const ledger = createLedger(store);
  const tokens: string[] = [];
  for (let i = 0; i < users; i++) {
    const response = await fetch(`${api.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${label}-${i}@example.com`,
        password: 'benchmark',
        username: `${label.replaceAll('-', '')}${i}`,
      }),
    });
    const { token, user } = (await response.json()) as { token: string; user: { id: string } };
    await ledger.credits.handle(
      creditStreamId(user.id),
      {
        type: 'GrantCredits',
        data: {
          userId: user.id,
          grantId: `${label}-${i}`,
          amount: 5_000,
          source: 'goodwill',
          expiresAt: null,
        },
      },
      benchMeta(`${label}-${i}`),
    );
    tokens.push(token);
  }
  return {
    api,
    tokens,
    close: async () => {
      await store.close();
      await database.close();
      await api.stop();
      await scratch.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
