/**
 * Replay A/B of the joint bulk fills on an already seeded database: rounds of (INSERT … SELECT
 * baseline, rebuildProjections of every read model), alternating A (each projection filled by its
 * own bulkFill, jointBulkFills removed) and B (as registered), printing wall time, the CPU of the
 * database's backends and the ratio to the round's baseline, then the medians. Seed first (e.g.
 * `npx tsx bench/ledger.ts --only=replay --keep-database`); parallel workers are turned off for
 * this session's connections so that every backend's CPU is counted.
 *
 *   npx tsx bench/replay-joint-ab.ts <database url> [--rounds=3]
 */
import { PostgresEventStore } from '@app/ledger';
import {
  allProjections,
  discardVersion,
  loadCheckpoints,
  rebuildProjections,
  type Projection,
} from '@app/projections';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { timeBaselineInsert } from './lib/replay-baseline';

const url = process.argv[2]!;
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);

/** CPU ms used so far by every backend of this database (Linux /proc; the pool keeps them open). */
async function backendCpu(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  let total = 0;
  for (const { pid } of result.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // gone
    }
  }
  return total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 0,
    options: '-c max_parallel_workers_per_gather=0 -c max_parallel_maintenance_workers=0',
  });
  const n = Number((await pool.query('SELECT count(*) AS n FROM events')).rows[0].n);
  const variants = {
    'A own fills': allProjections.map((p): Projection => ({ ...p, jointBulkFills: undefined })),
    'B joint fills': allProjections,
  };
  const figures = new Map<string, { cpu: number[]; ratio: number[] }>();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [variant, projections] of Object.entries(variants)) {
        await pool.query('CHECKPOINT');
        const baseMs = await timeBaselineInsert(pool);
        await pool.query('CHECKPOINT');
        const store = new PostgresEventStore(pool);
        const cpu0 = await backendCpu(pool);
        const t0 = performance.now();
        await rebuildProjections(pool, store, projections);
        const ms = performance.now() - t0;
        const cpu = (await backendCpu(pool)) - cpu0;
        await store.close();
        for (const row of await loadCheckpoints(pool, ['retired'])) {
          const projection = allProjections.find((p) => p.name === row.name);
          if (projection) await discardVersion(pool, projection, row.version);
        }
        const ratio = baseMs / ms;
        const f = figures.get(variant) ?? { cpu: [], ratio: [] };
        f.cpu.push(cpu);
        f.ratio.push(ratio);
        figures.set(variant, f);
        console.log(
          `round ${round + 1} ${variant}: baseline ${baseMs.toFixed(0)} ms, replay ${ms.toFixed(0)} ms ` +
            `(${Math.round((n * 1000) / ms)} events/s), backend cpu ${cpu} ms, ratio ${ratio.toFixed(3)}`,
        );
      }
    }
    for (const [variant, f] of figures)
      console.log(
        `${variant}: median backend cpu ${median(f.cpu)} ms (${f.cpu.join(', ')}), ` +
          `median ratio ${median(f.ratio).toFixed(3)} (${f.ratio.map((r) => r.toFixed(3)).join(', ')})`,
      );
  } finally {
    await pool.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
