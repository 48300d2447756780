import { openDatabase, type Database } from '../infrastructure/postgres/database';
import { migrate, type MigrationSet } from '../infrastructure/postgres/migrations';
import { createScratchDatabase } from './scratch-database';

export interface TestDatabase extends Database {
  readonly name: string;
}

/**
 * A fresh database for one test file: a new database on the `DATABASE_URL` server, or an
 * in-memory PGlite when `DATABASE_URL` is not set. Dropped on close.
 */
export async function createTestDatabase(
  migrations: readonly MigrationSet[] = [],
  options: { poolSize?: number } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database.pool, migrations);
    return { ...database, name: 'pglite' };
  }
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({
    databaseUrl: scratch.url,
    poolSize: options.poolSize ?? 20,
  });
  await migrate(database.pool, migrations);
  return {
    ...database,
    name: scratch.name,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
