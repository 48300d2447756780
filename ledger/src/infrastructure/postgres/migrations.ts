import fs from 'node:fs/promises';
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

const migrationFiles = new Map<string, Promise<string[]>>();

/** Migrations of these sets that the database has not applied (readiness: none may be missing). */
export async function pendingMigrations(
  pool: pg.Pool,
  sets: readonly MigrationSet[],
): Promise<string[]> {
  const pending: string[] = [];
  for (const set of sets) {
    let files = migrationFiles.get(set.dir);
    if (!files) {
      files = fs
        .readdir(set.dir)
        .then((names) =>
          names
            .filter((name) => /\.(sql|js|ts)$/.test(name))
            .map((name) => name.replace(/\.\w+$/, '')),
        );
      migrationFiles.set(set.dir, files);
    }
    const { rows } = await pool.query<{ name: string }>(
      `SELECT name FROM ${pgIdentifier(set.table)}`,
    );
    const applied = new Set(rows.map((row) => row.name));
    for (const name of await files) if (!applied.has(name)) pending.push(`${set.table}/${name}`);
  }
  return pending;
}

const pgIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

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
