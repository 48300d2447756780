// What loading a long credit account cold from its snapshot costs (section 2 of bench/ledger.ts,
// "cold handler (snapshots)"): accounts with --history events, each snapshotted once, then per
// round a brand-new handler runs one hold + capture on every account (the first command loads the
// snapshot and its tail) and a second cycle on each (warm). CPU per cycle in Node and in the
// Postgres backends (/proc), cold and warm, so the load's own cost is their difference.
// Not a test. `--profile=<file>` writes a CPU profile of the cold cycles only (open it in Chrome
// DevTools or speedscope).
//
//   npx tsx bench/profile-cold-load.ts [--rounds=5] [--accounts=100] [--history=10000] [--profile=<file>]
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import {
  createLedger,
  creditStreamId,
  ledgerMigrations,
  migrate,
  PostgresEventStore,
  PostgresSnapshotStore,
} from '@app/ledger';
import { holdAndCapture } from './lib/command-bench';
import { createBenchDatabase } from './lib/database';
import { createSeedFunctions, seedAccountHistories } from './lib/seed-sql';
import { forEachLimit } from './lib/timing';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const rounds = Number(arg('rounds', '5'));
const accounts = Number(arg('accounts', '100'));
const historyEvents = Number(arg('history', '10000'));
const profileFile = arg('profile', '');
const IN_FLIGHT = 8;

const ticks = (pid: number) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = await createBenchDatabase(serverUrl, 'hhist_cold');
try {
  const admin = database.pool(2, 'cold-admin');
  await migrate(admin, [ledgerMigrations]);
  await createSeedFunctions(admin);
  await seedAccountHistories(admin, accounts, historyEvents, 'cold');
  await admin.query('VACUUM ANALYZE events');
  const users = Array.from({ length: accounts }, (_, i) => `cold-${String(i).padStart(4, '0')}`);
  const pool = database.pool(IN_FLIGHT + 2, 'cold-bench');
  const store = new PostgresEventStore(pool);
  const snapshots = new PostgresSnapshotStore(pool);
  const first = createLedger(store, snapshots);
  await forEachLimit(users, IN_FLIGHT, (userId) => holdAndCapture(first, userId));
  await first.credits.flushSnapshots();

  const backendPids = async () =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = 'cold-bench'`,
      )
    ).rows.map((row) => row.pid);
  async function measure(run: () => Promise<void>) {
    const pids = await backendPids();
    const before = new Map(pids.map((pid) => [pid, ticks(pid)]));
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await run();
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    let pgTicks = 0;
    for (const pid of await backendPids()) pgTicks += ticks(pid) - (before.get(pid) ?? 0);
    return { nodeUs: (cpu.user + cpu.system) / accounts, pgUs: (pgTicks * 10_000) / accounts, ms };
  }
  const size = await admin.query<{ json: string }>(
    `SELECT length(state::text)::text AS json FROM stream_snapshots WHERE stream_id = $1`,
    [creditStreamId(users[0]!)],
  );
  console.log(
    `${accounts} accounts × ${historyEvents} events; snapshot ${(Number(size.rows[0]!.json) / 1024).toFixed(0)} KB of JSON`,
  );
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const cold: { nodeUs: number; pgUs: number }[] = [];
  const warm: { nodeUs: number; pgUs: number }[] = [];
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  for (let round = 0; round < rounds; round++) {
    const ledger = createLedger(store, snapshots);
    // The last round's cold cycles are profiled (the code is warm by then).
    const profiling = profileFile !== '' && round === rounds - 1;
    if (profiling) await session.post('Profiler.start');
    const c = await measure(() => forEachLimit(users, IN_FLIGHT, (u) => holdAndCapture(ledger, u)));
    if (profiling) {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(profileFile, JSON.stringify(profile));
    }
    const w = await measure(() => forEachLimit(users, IN_FLIGHT, (u) => holdAndCapture(ledger, u)));
    await ledger.credits.flushSnapshots();
    cold.push(c);
    warm.push(w);
    console.log(
      `round ${round}: cold cycle node ${c.nodeUs.toFixed(0)} µs pg ${c.pgUs.toFixed(0)} µs;` +
        ` warm cycle node ${w.nodeUs.toFixed(0)} µs pg ${w.pgUs.toFixed(0)} µs`,
    );
  }
  console.log(
    `median: cold node ${median(cold.map((s) => s.nodeUs)).toFixed(0)} µs pg ${median(cold.map((s) => s.pgUs)).toFixed(0)} µs;` +
      ` warm node ${median(warm.map((s) => s.nodeUs)).toFixed(0)} µs pg ${median(warm.map((s) => s.pgUs)).toFixed(0)} µs`,
  );
  await store.close();
} finally {
  await database.drop();
}
