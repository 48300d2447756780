import os from 'node:os';
import pg from 'pg';

/** A throwaway database on the server of `serverUrl`, dropped by `drop()`. */
export interface BenchDatabase {
  readonly name: string;
  readonly url: string;
  pool(max: number, applicationName?: string): pg.Pool;
  drop(): Promise<void>;
}

export async function createBenchDatabase(
  serverUrl: string,
  prefix = 'bench_ledger',
): Promise<BenchDatabase> {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const name = `${prefix}_${stamp}_${process.pid}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pools: pg.Pool[] = [];
  let dropped = false;
  return {
    name,
    url: url.toString(),
    pool(max, applicationName = 'bench-ledger') {
      const pool = new pg.Pool({
        connectionString: url.toString(),
        max,
        application_name: applicationName,
      });
      // Connections closing while the database is dropped report an error: expected then.
      pool.on('error', (error) => dropped || console.error('bench pool error', error.message));
      pools.push(pool);
      return pool;
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await Promise.all(
        pools.map((pool) => (pool.ended ? undefined : pool.end().catch(() => undefined))),
      );
      await withAdmin(serverUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function withAdmin<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({
    connectionString: serverUrl,
    application_name: 'bench-ledger-admin',
  });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  postgres: string;
  postgresSettings: string;
}

export async function machineInfo(pool: pg.Pool): Promise<MachineInfo> {
  const version = await pool.query<{ server_version: string }>('SHOW server_version');
  const settings = await pool.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM pg_settings
     WHERE name IN ('shared_buffers', 'synchronous_commit', 'fsync', 'max_wal_size', 'work_mem', 'max_connections')
     ORDER BY name`,
  );
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: version.rows[0]?.server_version ?? 'unknown',
    postgresSettings: settings.rows.map((row) => `${row.name}=${row.setting}`).join(', '),
  };
}

/** Flushes dirty buffers so a checkpoint does not land in the middle of a timed run (needs superuser). */
export async function checkpoint(pool: pg.Pool): Promise<void> {
  await pool.query('CHECKPOINT').catch(() => undefined);
}
