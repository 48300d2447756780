import fs from 'node:fs';
import type pg from 'pg';

// CPU per operation of a run, in this Node process and in the Postgres backends of one
// application name (from /proc, so the server must be on this machine), and WAL bytes per
// operation (the server's WAL, which other databases' work also fills). A busy shared machine
// skews wall-clock rates far more than these.

export interface CpuPerOp {
  readonly nodeUs: number;
  readonly pgUs: number;
  readonly walBytes: number;
  /** Server-wide, so other databases' work counts too: checkpoints begun, buffers they wrote. */
  readonly checkpoints: number;
  readonly checkpointBuffers: number;
  /** Server-wide: dirty buffers a backend had to write itself to free a buffer. */
  readonly backendWrites: number;
}

const CLOCK_TICK_US = 10_000;

function backendTicks(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

async function backends(pool: pg.Pool, applicationName: string): Promise<number[]> {
  const result = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
    [applicationName],
  );
  return result.rows.map((row) => row.pid);
}

const checkpointCounters = async (pool: pg.Pool) => {
  const row = (
    await pool.query<{ started: string; written: string; backend: string }>(
      `SELECT (checkpoints_timed + checkpoints_req)::text AS started,
         buffers_checkpoint::text AS written, buffers_backend::text AS backend FROM pg_stat_bgwriter`,
    )
  ).rows[0]!;
  return {
    started: Number(row.started),
    written: Number(row.written),
    backend: Number(row.backend),
  };
};

const walLsn = async (pool: pg.Pool) =>
  (await pool.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]!
    .lsn;

/** Starts counting; the returned function stops and divides by the run's operations. */
export async function startCpuCount(
  pool: pg.Pool,
  applicationName: string,
): Promise<(ops: number) => Promise<CpuPerOp>> {
  const ticksBefore = new Map(
    (await backends(pool, applicationName)).map((pid) => [pid, backendTicks(pid)]),
  );
  const lsnBefore = await walLsn(pool);
  const checkpointsBefore = await checkpointCounters(pool);
  const cpuBefore = process.cpuUsage();
  return async (ops) => {
    const cpu = process.cpuUsage(cpuBefore);
    const lsnAfter = await walLsn(pool);
    let ticks = 0;
    for (const pid of await backends(pool, applicationName))
      ticks += backendTicks(pid) - (ticksBefore.get(pid) ?? 0);
    const wal = await pool.query<{ bytes: string }>(
      'SELECT pg_wal_lsn_diff($1, $2)::text AS bytes',
      [lsnAfter, lsnBefore],
    );
    const checkpointsAfter = await checkpointCounters(pool);
    const per = Math.max(ops, 1);
    return {
      nodeUs: (cpu.user + cpu.system) / per,
      pgUs: (ticks * CLOCK_TICK_US) / per,
      walBytes: Number(wal.rows[0]!.bytes) / per,
      checkpoints: checkpointsAfter.started - checkpointsBefore.started,
      checkpointBuffers: checkpointsAfter.written - checkpointsBefore.written,
      backendWrites: checkpointsAfter.backend - checkpointsBefore.backend,
    };
  };
}

export const cpuLine = (cpu: CpuPerOp, unit: string) =>
  `CPU per ${unit}: Node ${cpu.nodeUs.toFixed(0)} µs + Postgres ${cpu.pgUs.toFixed(0)} µs; WAL ${cpu.walBytes.toFixed(0)} B; ` +
  `server: checkpoints begun ${cpu.checkpoints}, buffers written by checkpoints ${cpu.checkpointBuffers}, by backends ${cpu.backendWrites}`;
