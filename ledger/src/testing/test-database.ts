import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../infrastructure/postgres/database';
import { migrate, type MigrationSet } from '../infrastructure/postgres/migrations';

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
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    poolSize: options.poolSize ?? 20,
  });
  await migrate(database.pool, migrations);
  return {
    ...database,
    name,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
