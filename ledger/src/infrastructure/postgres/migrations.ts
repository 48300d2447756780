import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import type pg from 'pg';

export interface MigrationSet {
  /** Folder of `.sql` migrations. */
  readonly dir: string;
  /** Each workspace keeps its own migrations table. */
  readonly table: string;
}

export const ledgerMigrations: MigrationSet = {
  dir: fileURLToPath(new URL('../../../migrations', import.meta.url)),
  table: 'pgmigrations_ledger',
};

/** Applies pending migrations of each set, in order, on one connection. */
export async function migrate(pool: pg.Pool, sets: readonly MigrationSet[]): Promise<void> {
  const client = await pool.connect();
  try {
    for (const set of sets) {
      await runner({
        dbClient: client,
        dir: set.dir,
        migrationsTable: set.table,
        direction: 'up',
        singleTransaction: true,
        advisoryLockMode: 'wait',
        log: () => undefined,
      });
    }
  } finally {
    client.release();
  }
}
