/**
 * Per-statement breakdown of a rebuild's database work on an already seeded database: every bulk
 * fill statement and every CREATE INDEX, each on
 * one connection, with its wall time, the CPU time of its backend (/proc) and its WAL bytes
 * (EXPLAIN (ANALYZE, WAL) for fills; the WAL position before and after for an index, which other
 * databases on the server may add to), and the INSERT … SELECT baseline of bench/ledger.ts the same
 * way; then each joint fill's statements (what a rebuild of all their members runs instead of the
 * members' own fills; WAL from the WAL position), outside the total. Index builds run without parallel workers, so their whole CPU is the one backend's. Drops
 * what it built. Seed the database first (e.g. `npx tsx bench/ledger.ts --only=replay
 * --keep-database`).
 *
 *   npx tsx bench/replay-breakdown.ts <database url> [baseline] [projection names…]
 */
import {
  allProjections,
  createIndexesSql,
  createTablesSql,
  dropTablesSql,
  tableNamesFor,
} from '@app/projections';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { BASELINE_INSERT_SQL, BASELINE_TABLE_SQL } from './lib/replay-baseline';
import { bulkFillTypes } from '../projections/src/runtime/fill-settings';

const VERSION = 900;

function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(client: pg.PoolClient, work: () => Promise<number | null>) {
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const lsn0 = (await client.query<{ l: string }>('SELECT pg_current_wal_lsn()::text AS l'))
    .rows[0]!.l;
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  const wal = await work();
  const ms = performance.now() - t0;
  const cpu = cpuMs(pid) - cpu0;
  const lsnWal = (
    await client.query<{ b: string }>(`SELECT (pg_current_wal_lsn() - $1::pg_lsn)::text AS b`, [
      lsn0,
    ])
  ).rows[0]!.b;
  return { ms, cpu, wal: wal ?? Number(lsnWal) };
}

async function main() {
  const url = process.argv[2]!;
  const only = process.argv.slice(3);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const head = (
    await pool.query<{ tx: string; gp: string }>(
      `SELECT transaction_id::text AS tx, global_position::text AS gp FROM events
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    )
  ).rows[0]!;
  const rows: string[][] = [];
  let total = { ms: 0, cpu: 0, wal: 0 };
  if (only.length === 0 || only.includes('baseline')) {
    const client = await pool.connect();
    try {
      await client.query(BASELINE_TABLE_SQL);
      const r = await measure(client, async () => {
        await client.query(BASELINE_INSERT_SQL);
        return null;
      });
      await client.query('DROP TABLE bench_history_baseline');
      console.log(
        [
          'baseline INSERT … SELECT',
          r.ms.toFixed(0),
          r.cpu.toFixed(0),
          (r.wal / 1e6).toFixed(1),
        ].join('\t'),
      );
    } finally {
      client.release();
    }
  }
  for (const projection of allProjections) {
    if (!projection.bulkFill || (only.length > 0 && !only.includes(projection.name))) continue;
    const client = await pool.connect();
    try {
      // The index builds' CPU all in the one backend measured (as the rebuild runs them).
      await client.query('SET max_parallel_maintenance_workers = 0');
      for (const sql of dropTablesSql(projection, VERSION)) await client.query(sql);
      for (const sql of createTablesSql(projection, VERSION)) await client.query(sql);
      const statements = projection.bulkFill(tableNamesFor(VERSION));
      for (const [i, sql] of statements.entries()) {
        const params = [head.tx, head.gp, bulkFillTypes(projection.eventTypes)];
        const highest = Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
        const r = await measure(client, async () => {
          await client.query(
            `BEGIN; SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '16MB'; SET LOCAL jit = off`,
          );
          const plan = await client.query<{ 'QUERY PLAN': [{ Plan: { 'WAL Bytes': number } }] }>(
            `EXPLAIN (ANALYZE, WAL, BUFFERS, FORMAT JSON) ${sql}`,
            params.slice(0, highest),
          );
          await client.query('COMMIT');
          return plan.rows[0]!['QUERY PLAN'][0].Plan['WAL Bytes'];
        });
        total = { ms: total.ms + r.ms, cpu: total.cpu + r.cpu, wal: total.wal + r.wal };
        rows.push([
          `${projection.name} fill ${i + 1}`,
          r.ms.toFixed(0),
          r.cpu.toFixed(0),
          (r.wal / 1e6).toFixed(1),
        ]);
        console.log(rows[rows.length - 1]!.join('\t'));
      }
      for (const sql of createIndexesSql(projection, VERSION)) {
        const r = await measure(client, async () => {
          await client.query(sql);
          return null;
        });
        total = { ms: total.ms + r.ms, cpu: total.cpu + r.cpu, wal: total.wal + r.wal };
        const name = /INDEX IF NOT EXISTS (\S+)/.exec(sql)![1]!;
        const size = (
          await client.query<{ s: string }>(`SELECT pg_relation_size($1)::text AS s`, [name])
        ).rows[0]!.s;
        rows.push([
          `  ${name} (${(Number(size) / 1e6).toFixed(1)} MB)`,
          r.ms.toFixed(0),
          r.cpu.toFixed(0),
          (r.wal / 1e6).toFixed(1),
        ]);
        console.log(rows[rows.length - 1]!.join('\t'));
      }
      for (const t of projection.tables) {
        const size = (
          await client.query<{ s: string }>(`SELECT pg_table_size($1)::text AS s`, [
            `${t.name}_v${VERSION}`,
          ])
        ).rows[0]!.s;
        console.log(`  table ${t.name}: ${(Number(size) / 1e6).toFixed(1)} MB`);
      }
      for (const sql of dropTablesSql(projection, VERSION)) await client.query(sql);
    } finally {
      client.release();
    }
  }
  console.log(
    `total\t${total.ms.toFixed(0)}\t${total.cpu.toFixed(0)}\t${(total.wal / 1e6).toFixed(1)}`,
  );
  // A joint fill replaces its members' own fills when a rebuild builds them all: shown on its own,
  // outside the total (which counts the members' own fills).
  const joints = new Set(allProjections.flatMap((p) => p.jointBulkFills ?? []));
  for (const joint of joints) {
    if (only.length > 0 && !joint.projections.every((name) => only.includes(name))) continue;
    const members = allProjections.filter((p) => joint.projections.includes(p.name));
    const client = await pool.connect();
    try {
      for (const p of members) for (const sql of dropTablesSql(p, VERSION)) await client.query(sql);
      for (const p of members)
        for (const sql of createTablesSql(p, VERSION)) await client.query(sql);
      const params = [head.tx, head.gp, bulkFillTypes(members[0]!.eventTypes)];
      for (const [i, sql] of joint.statements(() => tableNamesFor(VERSION)).entries()) {
        const highest = Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
        const r = await measure(client, async () => {
          await client.query(
            `BEGIN; SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '16MB'; SET LOCAL jit = off`,
          );
          await client.query(sql, params.slice(0, highest));
          await client.query('COMMIT');
          return null;
        });
        console.log(
          [
            `joint ${joint.projections.join('+')} fill ${i + 1} (instead of their own)`,
            r.ms.toFixed(0),
            r.cpu.toFixed(0),
            (r.wal / 1e6).toFixed(1),
          ].join('\t'),
        );
      }
      for (const p of members) for (const sql of dropTablesSql(p, VERSION)) await client.query(sql);
    } finally {
      client.release();
    }
  }
  await pool.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
