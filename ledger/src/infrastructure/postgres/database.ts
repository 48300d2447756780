import path from 'node:path';
import fs from 'node:fs/promises';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { markSharedSession } from './prepared-query';
import { componentLogger } from '../../shared/logger';

// bigint (int8) columns come back as JS strings by default; positions and counts fit in
// Number for counts but positions need BigInt, so callers convert explicitly.

export interface Database {
  readonly pool: pg.Pool;
  /** A connection string other processes (or a second pool) can use. */
  readonly connectionString: string;
  /** True when running on embedded PGlite: one connection, no LISTEN, no real concurrency. */
  readonly embedded: boolean;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Server connection string; when absent an embedded PGlite database is opened. */
  databaseUrl?: string | undefined;
  /** Folder for embedded data; `memory://` keeps it in memory. */
  dataDir?: string;
  poolSize?: number;
  applicationName?: string;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'stylised-art',
    });
    pool.on('error', (error) =>
      componentLogger('postgres').error({ err: error }, 'postgres pool error'),
    );
    return {
      pool,
      connectionString: options.databaseUrl,
      embedded: false,
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? path.resolve('.data/pglite');
  if (!dataDir.startsWith('memory://')) await fs.mkdir(dataDir, { recursive: true });
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres(dataDir);
  // PGlite is a single connection; a bigger pool would just queue inside the socket server.
  const pool = new pg.Pool({ connectionString: embedded.connectionString, max: 1 });
  markSharedSession(pool);
  pool.on('error', (error) =>
    componentLogger('postgres').error({ err: error }, 'embedded postgres pool error'),
  );
  return {
    pool,
    connectionString: embedded.connectionString,
    embedded: true,
    async close() {
      await pool.end();
      await embedded.stop();
    },
  };
}

/** Runs `work` inside a transaction on one pooled client. */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
