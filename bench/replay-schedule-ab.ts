/**
 * Whole rebuilds of every read model on an already seeded database, alternating how many fill
 * statements and index builds run at once (`rebuildProjections`' fillConcurrency): per run the wall
 * time, the CPU of this process and of the database's backends (/proc), then medians and ranges per
 * variant. Seed first: `npx tsx bench/ledger.ts --only=replay --keep-db`.
 *
 *   npx tsx bench/replay-schedule-ab.ts <database url> [--variants=2,3,all] [--rounds=4] [--fresh]
 *
 * --fresh: each rebuild on a new pool (fresh backends), as a CLI replay runs it.
 */
import { PostgresEventStore } from '@app/ledger';
import {
  allProjections,
  discardVersion,
  loadCheckpoints,
  rebuildProjections,
} from '@app/projections';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/** [user, system] CPU ms used so far by every backend of this database (the pool keeps them open). */
async function backendCpuSplit(pool: pg.Pool): Promise<[number, number]> {
  const result = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  const total: [number, number] = [0, 0];
  for (const { pid } of result.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total[0] += Number(fields[11]) * 10;
      total[1] += Number(fields[12]) * 10;
    } catch {
      // gone
    }
  }
  return total;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  const url = process.argv[2];
  if (!url?.startsWith('postgres')) throw new Error('usage: replay-schedule-ab.ts <database url>');
  const variants = (arg('variants') ?? '2,3,all').split(',');
  const rounds = Number(arg('rounds') ?? 4);
  // Connections stay open (no idle timeout), so their backends' CPU counters cover a whole rebuild.
  const fresh = process.argv.includes('--fresh');
  let pool = new pg.Pool({ connectionString: url, max: 8, idleTimeoutMillis: 0 });
  const results = new Map<string, { ms: number; pg: number; sys: number; node: number }[]>();
  try {
    // Round 0, not counted: opens the pool's connections (a fresh backend's first fill pays its
    // page faults) and warms the caches.
    for (let round = arg('warmup') === '0' ? 1 : 0; round <= rounds; round++) {
      for (const variant of round === 0
        ? variants.slice(0, 1)
        : round % 2
          ? variants
          : [...variants].reverse()) {
        const fillConcurrency = variant === 'all' ? Infinity : Number(variant);
        await pool.query('CHECKPOINT');
        if (fresh) {
          // Every rebuild on new connections, as a CLI replay or bench/ledger.ts runs it.
          await pool.end();
          pool = new pg.Pool({ connectionString: url, max: 8, idleTimeoutMillis: 0 });
        }
        const store = new PostgresEventStore(pool);
        const split0 = await backendCpuSplit(pool);
        const pg0 = split0[0] + split0[1];
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        await rebuildProjections(pool, store, allProjections, { fillConcurrency });
        const ms = performance.now() - t0;
        const cpu = process.cpuUsage(cpu0);
        const split1 = await backendCpuSplit(pool);
        const pgCpu = split1[0] + split1[1] - pg0;
        const sys = split1[1] - split0[1];
        await store.close();
        for (const row of await loadCheckpoints(pool, ['retired'])) {
          const projection = allProjections.find((p) => p.name === row.name);
          if (projection) await discardVersion(pool, projection, row.version);
        }
        const run = { ms, pg: pgCpu, sys, node: (cpu.user + cpu.system) / 1000 };
        if (round > 0) results.set(variant, [...(results.get(variant) ?? []), run]);
        console.log(
          `round ${round} ${variant}: ${ms.toFixed(0)} ms wall, postgres cpu ${pgCpu.toFixed(0)} ms (system ${sys}), node cpu ${run.node.toFixed(0)} ms`,
        );
      }
    }
    for (const [variant, runs] of results) {
      const fmt = (key: 'ms' | 'pg' | 'sys' | 'node') =>
        `${median(runs.map((r) => r[key])).toFixed(0)} (${Math.min(...runs.map((r) => r[key])).toFixed(0)}–${Math.max(...runs.map((r) => r[key])).toFixed(0)})`;
      console.log(
        `${variant}: wall ${fmt('ms')}, postgres cpu ${fmt('pg')} (system ${fmt('sys')}), node cpu ${fmt('node')}`,
      );
    }
  } finally {
    await pool.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
