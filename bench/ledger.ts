/**
 * Ledger benchmark (a report, not a test): prints appends/s, hold+capture cycles/s and replay rate,
 * each next to a baseline measured in the same run, and exits 0 whatever the figures.
 *
 *   npx tsx bench/ledger.ts [--events=1000000] [--quick] [--seconds=10] [--only=appends,commands,replay,emmett]
 *                           [--users=20000] [--history=10000] [--writers=8] [--keep-db]
 *
 * Needs a real PostgreSQL (`DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/postgres);
 * creates a fresh database `bench_ledger_<timestamp>_<pid>` and drops it at the end.
 */
import os from 'node:os';
import { ledgerMigrations, migrate } from '@app/ledger';
import { projectionMigrations } from '@app/projections';
import { appendBenchmark } from './lib/append-bench';
import { commandBenchmark } from './lib/command-bench';
import { createBenchDatabase, machineInfo, type BenchDatabase } from './lib/database';
import { emmettBenchmark } from './lib/emmett-bench';
import { parseOptions, type Section } from './lib/options';
import { fmt, fmtMs, heading, note, summaryTable } from './lib/report';
import { replayBenchmark } from './lib/replay-bench';

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');

async function main() {
  const options = parseOptions();
  const started = performance.now();
  let database: BenchDatabase | null = null;
  const dropOnSignal = () => {
    void (database?.drop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', dropOnSignal);
  process.once('SIGTERM', dropOnSignal);
  try {
    database = await createBenchDatabase(options.databaseUrl);
    const admin = database.pool(2, 'bench-ledger-setup');
    await migrate(admin, [ledgerMigrations, projectionMigrations]);
    const machine = await machineInfo(admin);
    await admin.end();

    heading(`Ledger benchmark${options.quick ? ' (quick)' : ''}`);
    note(
      `database ${database.name}; replay of ${fmt(options.events)} events over ${fmt(options.users)} users`,
    );
    note(
      `machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}, PostgreSQL ${machine.postgres}`,
    );
    note(`postgres: ${machine.postgresSettings}`);
    note(`load average at start: ${loadAverage()} (other work on the machine skews every figure)`);

    const sections: [Section, () => Promise<unknown>][] = [
      ['appends', () => appendBenchmark(database!, options)],
      ['commands', () => commandBenchmark(database!, options)],
      ['emmett', () => emmettBenchmark(database!, options)],
      ['replay', () => replayBenchmark(database!, options)],
    ];
    let crashed = false;
    for (const [name, run] of sections) {
      if (!options.only.has(name)) continue;
      try {
        await run();
      } catch (error) {
        crashed = true;
        console.error(`\n  ${name} benchmark failed:`, error);
      }
    }

    heading('Summary');
    note(
      `machine: ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${machine.postgres}`,
    );
    note(
      `replay size ${fmt(options.events)} events; total time ${fmtMs(performance.now() - started)}; load average now ${loadAverage()}`,
    );
    console.log();
    summaryTable();
    return crashed ? 1 : 0;
  } finally {
    if (database && !options.keepDatabase)
      await database.drop().catch((error) => console.error('could not drop', error));
    else if (database) note(`kept database ${database.name}`);
  }
}

// A report, not a test: a missed target still exits 0; only a benchmark that could not run exits 1.
main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
