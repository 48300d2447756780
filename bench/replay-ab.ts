/**
 * Replay A/B on one seeded database: rounds of (INSERT … SELECT baseline, rebuildProjections),
 * alternating A (batches only) and B (bulk fill), printing wall time, the CPU time of this process
 * and of the database's backends, and the ratio per round.
 *
 *   npx tsx bench/replay-ab.ts [--events=200000] [--users=20000] [--rounds=3]
 */
import { ledgerMigrations, migrate, PostgresEventStore } from '@app/ledger';
import {
  allProjections,
  discardVersion,
  loadCheckpoints,
  projectionMigrations,
  rebuildProjections,
  type Projection,
} from '@app/projections';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createBenchDatabase } from './lib/database';
import { parseOptions } from './lib/options';
import { dropStagedLog, insertStagedLog, stageLog } from './lib/seed-log';
import { timeBaselineInsert } from './lib/replay-baseline';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);

/** CPU ms used so far by every backend of this database (Linux /proc; the pool keeps them open). */
async function backendCpu(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  const tick = 10; // ms per clock tick (USER_HZ 100)
  let total = 0;
  for (const { pid } of result.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // gone
    }
  }
  return total;
}

async function main() {
  const options = parseOptions();
  const database = await createBenchDatabase(options.databaseUrl, 'bench_replay_ab');
  // Connections stay open (no idle timeout), so their backends' CPU counters cover a whole replay.
  const pool = new pg.Pool({ connectionString: database.url, max: 8, idleTimeoutMillis: 0 });
  try {
    await migrate(pool, [ledgerMigrations, projectionMigrations]);
    await stageLog(pool, options.events, options.users);
    await insertStagedLog(pool, 0, options.events);
    await dropStagedLog(pool);
    await pool.query('VACUUM ANALYZE events');
    const n = options.events;
    const variants = ['A: batches only', 'B: bulk fill'] as const;
    for (let round = 1; round <= rounds * variants.length; round++) {
      const variant = variants[(round - 1) % variants.length]!;
      const bulkFill = variant !== 'A: batches only';
      await pool.query('CHECKPOINT');
      const baseMs = await timeBaselineInsert(pool);
      await pool.query('CHECKPOINT');
      const store = new PostgresEventStore(pool);
      const spent = new Map<string, number>();
      const timedCall = async <T>(name: string, work: () => Promise<T>) => {
        const start = performance.now();
        try {
          return await work();
        } finally {
          spent.set(name, (spent.get(name) ?? 0) + performance.now() - start);
        }
      };
      const readAll = store.readAll.bind(store);
      store.readAll = (after, limit) => timedCall('readAll', () => readAll(after, limit));
      const projections = allProjections.map((p): Projection => ({
        ...p,
        apply: (client, events, table) => timedCall(p.name, () => p.apply(client, events, table)),
      }));
      const pgCpu0 = await backendCpu(pool);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await rebuildProjections(pool, store, projections, { bulkFill });
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const pgCpu = (await backendCpu(pool)) - pgCpu0;
      console.log(
        `  postgres cpu ${pgCpu.toFixed(0)} ms; waited: ` +
          [...spent].map(([name, t]) => `${name} ${t.toFixed(0)}`).join(', '),
      );
      await store.close();
      for (const row of await loadCheckpoints(pool, ['retired'])) {
        const projection = allProjections.find((p) => p.name === row.name);
        if (projection) await discardVersion(pool, projection, row.version);
      }
      console.log(
        `round ${round} (${variant}): baseline ${Math.round((n * 1000) / baseMs)}/s (${baseMs.toFixed(0)} ms), ` +
          `replay ${Math.round((n * 1000) / ms)}/s (${ms.toFixed(0)} ms, node cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms), ` +
          `ratio ${(baseMs / ms).toFixed(3)}`,
      );
    }
  } finally {
    await pool.end().catch(() => undefined);
    if (!options.keepDatabase) await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
