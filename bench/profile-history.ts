// Where hold + capture on accounts with a long history loses against fresh accounts (issue 22's
// "at least 0.9 of the fresh rate on accounts with 2,000 events of history"): the same cycles as
// section 4c of bench/ledger.ts (a warm handler, every account loaded once), fresh and history
// runs alternated in each round, with CPU per cycle in Node and in the Postgres backends (/proc),
// WAL bytes per cycle, snapshot saves and the size of one history account's snapshot.
// Not a test; wall-clock figures on a busy machine are noisy, the CPU figures much less so.
//
//   npx tsx bench/profile-history.ts [--seconds=3] [--rounds=3] [--history=2000]
//     [--other=/work/main/ledger/src/index.ts]   (also runs another checkout's ledger, alternated)
import fs from 'node:fs';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import * as thisLedger from '@app/ledger';
import { meta } from './lib/command-bench';
import { createBenchDatabase, type BenchDatabase } from './lib/database';
import { createSeedFunctions, seedAccountHistories } from './lib/seed-sql';
import { forEachLimit, runFor } from './lib/timing';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const seconds = Number(arg('seconds', '3'));
const rounds = Number(arg('rounds', '3'));
const historyEvents = Number(arg('history', '2000'));
const otherPath = arg('other', '');
const kindsToRun = arg('kinds', 'fresh,history').split(',');
// `--statio`: buffer hits and reads per cycle by relation; `--waldump`: this database's WAL per
// cycle by relation and full-page images, from pg_waldump (the server's WAL is shared by every
// database, so the plain WAL figure counts other work too). `--waldump` needs read access to pg_wal.
const statio = process.argv.includes('--statio');
// `--checkpoint-each`: a CHECKPOINT before every run, so each starts where the first change to a
// page writes a full-page image (as after every checkpoint in service).
const checkpointEach = process.argv.includes('--checkpoint-each');
const waldump = process.argv.includes('--waldump');
const walDirectory = arg('wal-dir', '/var/lib/postgresql/15/main/pg_wal');
const pgWaldump = arg('pg-waldump', '/usr/lib/postgresql/15/bin/pg_waldump');
const IN_FLIGHT = 32;
const FRESH_ACCOUNTS = 200;
const HISTORY_ACCOUNTS = 100;

type LedgerModule = Pick<
  typeof thisLedger,
  | 'createLedger'
  | 'creditStreamId'
  | 'PostgresEventStore'
  | 'PostgresSnapshotStore'
  | 'ledgerMigrations'
  | 'migrate'
>;
const variants: [string, LedgerModule][] = [['this', thisLedger]];
if (otherPath) variants.push(['other', (await import(otherPath)) as LedgerModule]);
// `--nosnap`: also this checkout without a snapshot store (what saving snapshots costs a warm handler).
if (process.argv.includes('--nosnap')) variants.push(['nosnap', thisLedger]);

const ticks = (pid: number) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

interface Setup {
  name: string;
  pool: pg.Pool;
  module: LedgerModule;
  admin: pg.Pool;
  store: thisLedger.PostgresEventStore;
  ledger: thisLedger.Ledger;
  /** This round's accounts: new ones granted credits, and newly seeded histories loaded once. */
  fresh: string[];
  history: string[];
  saves: () => number;
}

interface Sample {
  rate: number;
  p99: number;
  nodeUs: number;
  pgUs: number;
  walBytes: number;
  snapshotSaves: number;
}

// Each variant in its own database, migrated by its own checkout (its snapshot table as it made it).
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databases: BenchDatabase[] = [];
try {
  const setups: Setup[] = [];
  for (const [name, module] of variants) {
    const database = await createBenchDatabase(serverUrl, `hhist_prof_${name}`);
    databases.push(database);
    const admin = database.pool(2, 'prof-admin');
    await module.migrate(admin, [module.ledgerMigrations]);
    await createSeedFunctions(admin);
    const pool = database.pool(IN_FLIGHT + 4, `prof-${name}`);
    const store = new module.PostgresEventStore(pool);
    const snapshots = new module.PostgresSnapshotStore(pool);
    let snapshotSaves = 0;
    const save = snapshots.save.bind(snapshots);
    snapshots.save = (...args) => {
      snapshotSaves++;
      return save(...args);
    };
    const ledger = module.createLedger(store, name === 'nosnap' ? undefined : snapshots);
    await admin.query('VACUUM ANALYZE events');
    setups.push({
      name,
      pool,
      module,
      admin,
      store,
      ledger,
      fresh: [],
      history: [],
      saves: () => snapshotSaves,
    });
  }
  const admin = setups[0]!.admin;
  await admin.query('CHECKPOINT');

  const backendPids = async (name: string) =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = $1`,
        [`prof-${name}`],
      )
    ).rows.map((row) => row.pid);
  const walLsn = async () =>
    (await admin.query<{ lsn: string }>(`SELECT pg_current_wal_insert_lsn()::text AS lsn`)).rows[0]!
      .lsn;

  async function measure(setup: Setup, accounts: readonly string[]) {
    const owned = Array.from({ length: IN_FLIGHT }, (_, w) =>
      accounts.filter((_, i) => i % IN_FLIGHT === w),
    );
    const cycle = async (w: number, i: number) => {
      const mine = owned[w]!;
      const userId = mine[i % mine.length]!;
      const stream = setup.module.creditStreamId(userId);
      const generationId = randomUUID();
      await setup.ledger.credits.handle(
        stream,
        {
          type: 'HoldCredits',
          data: {
            userId,
            reservationId: generationId,
            generationId,
            amount: 5,
            deadline: new Date(Date.now() + 600_000),
          },
        },
        meta(userId, `hold:${generationId}`),
      );
      await setup.ledger.credits.handle(
        stream,
        { type: 'CaptureHold', data: { userId, reservationId: generationId } },
        meta(userId, `capture:${generationId}`),
      );
    };
    const io0 = statio ? await relationIo(setup) : null;
    if (checkpointEach) await setup.admin.query('CHECKPOINT');
    const pids = await backendPids(setup.name);
    const before = new Map(pids.map((pid) => [pid, ticks(pid)]));
    const lsn0 = await walLsn();
    const saves0 = setup.saves();
    const cpu0 = process.cpuUsage();
    const run = await runFor(seconds, IN_FLIGHT, cycle);
    const cpu = process.cpuUsage(cpu0);
    const lsn1 = await walLsn();
    let pgTicks = 0;
    for (const pid of await backendPids(setup.name)) pgTicks += ticks(pid) - (before.get(pid) ?? 0);
    if (io0) printIo(io0, await relationIo(setup), run.ops);
    if (waldump) await printWal(setup, lsn0, lsn1, run.ops);
    const wal = await admin.query<{ bytes: string }>(
      `SELECT pg_wal_lsn_diff($1, $2)::text AS bytes`,
      [lsn1, lsn0],
    );
    return {
      rate: run.rate,
      p99: run.p99Ms,
      nodeUs: (cpu.user + cpu.system) / run.ops,
      pgUs: (pgTicks * 10_000) / run.ops,
      walBytes: Number(wal.rows[0]!.bytes) / run.ops,
      snapshotSaves: setup.saves() - saves0,
    } satisfies Sample;
  }

  /** Block hits and reads by relation, after every backend of the pool has flushed its counters. */
  async function relationIo(setup: Setup) {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await Promise.all(
      Array.from({ length: IN_FLIGHT + 4 }, () => setup.pool.query('SELECT pg_sleep(0.05)')),
    );
    const rows = await setup.admin.query<{ name: string; hit: string; read: string }>(
      `SELECT relname AS name, heap_blks_hit::text AS hit, heap_blks_read::text AS read FROM pg_statio_user_tables
       UNION ALL SELECT 'toast of ' || relname, coalesce(toast_blks_hit + tidx_blks_hit, 0)::text,
         coalesce(toast_blks_read + tidx_blks_read, 0)::text FROM pg_statio_user_tables
       UNION ALL SELECT indexrelname, idx_blks_hit::text, idx_blks_read::text FROM pg_statio_user_indexes`,
    );
    return new Map(
      rows.rows.map((row) => [row.name, { hit: Number(row.hit), read: Number(row.read) }]),
    );
  }
  function printIo(
    before: Map<string, { hit: number; read: number }>,
    after: Map<string, { hit: number; read: number }>,
    ops: number,
  ) {
    const parts: string[] = [];
    for (const [name, io] of after) {
      const was = before.get(name) ?? { hit: 0, read: 0 };
      const hit = (io.hit - was.hit) / ops;
      const read = (io.read - was.read) / ops;
      if (hit + read >= 0.05) parts.push(`${name} ${hit.toFixed(1)} hit ${read.toFixed(2)} read`);
    }
    console.log(`    blocks per cycle: ${parts.join('; ')}`);
  }
  async function printWal(setup: Setup, from: string, to: string, ops: number) {
    const { execFileSync } = await import('node:child_process');
    const oid = (
      await setup.admin.query<{ oid: string }>(
        `SELECT oid::text FROM pg_database WHERE datname = current_database()`,
      )
    ).rows[0]!.oid;
    const names = new Map(
      (
        await setup.admin.query<{ node: string; name: string }>(
          `SELECT pg_relation_filenode(oid)::text AS node, relname AS name FROM pg_class
           WHERE pg_relation_filenode(oid) IS NOT NULL`,
        )
      ).rows.map((row) => [row.node, row.name]),
    );
    let text: string;
    try {
      text = execFileSync(pgWaldump, ['-p', walDirectory, '-s', from, '-e', to], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      // pg_waldump stops with an error at a segment already recycled; what it read still counts.
      text = (error as { stdout?: string }).stdout ?? '';
    }
    const byRelation = new Map<string, { bytes: number; fpi: number; records: number }>();
    for (const line of text.split('\n')) {
      const rel = / rel \d+\/(\d+)\/(\d+)/.exec(line);
      if (!rel || rel[1] !== oid) continue;
      const length = /len \(rec\/tot\):\s*\d+\/\s*(\d+)/.exec(line);
      const rmgr = /rmgr: (\w+)/.exec(line)?.[1] ?? '?';
      const key = `${names.get(rel[2]!) ?? rel[2]} ${rmgr}`;
      const entry = byRelation.get(key) ?? { bytes: 0, fpi: 0, records: 0 };
      entry.bytes += Number(length?.[1] ?? 0);
      entry.fpi += (line.match(/ FPW/g) ?? []).length;
      entry.records++;
      byRelation.set(key, entry);
    }
    const parts = [...byRelation]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .map(
        ([key, e]) =>
          `${key} ${(e.bytes / ops).toFixed(0)} B ${(e.records / ops).toFixed(2)} rec ${(e.fpi / ops).toFixed(3)} fpi`,
      );
    console.log(`    this database's WAL per cycle: ${parts.join('; ')}`);
  }

  let accountSet = 0;
  /** New accounts for a round, as each run of bench/ledger.ts starts with (accounts grow as they run). */
  async function newAccounts(setup: Setup) {
    const { name, module, ledger, admin } = setup;
    accountSet++;
    const fresh = Array.from({ length: FRESH_ACCOUNTS }, (_, i) => `${name}-new${accountSet}-${i}`);
    await forEachLimit(fresh, IN_FLIGHT, async (userId) => {
      await ledger.credits.handle(
        module.creditStreamId(userId),
        {
          type: 'GrantCredits',
          data: {
            userId,
            grantId: `grant-${userId}`,
            amount: 1_000_000,
            source: 'migration',
            expiresAt: null,
          },
        },
        meta(userId, `migrate:${userId}`),
      );
    });
    const prefix = `${name}hist${accountSet}`;
    await seedAccountHistories(admin, HISTORY_ACCOUNTS, historyEvents, prefix);
    const history = Array.from(
      { length: HISTORY_ACCOUNTS },
      (_, i) => `${prefix}-${String(i).padStart(4, '0')}`,
    );
    await forEachLimit(history, IN_FLIGHT, async (userId) => {
      await ledger.credits.read(module.creditStreamId(userId));
    });
    await admin.query('ANALYZE events');
    setup.fresh = fresh;
    setup.history = history;
  }

  // Warm-up: statements prepared, caches filled.
  for (const setup of setups) {
    await newAccounts(setup);
    await measure(setup, setup.fresh);
    await measure(setup, setup.history);
  }
  const samples = new Map<string, Sample[]>();
  const keyOf = (variant: string, kind: string) => `${variant} ${kind}`;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? setups : [...setups].reverse();
    const kinds = round % 2 === 0 ? kindsToRun : [...kindsToRun].reverse();
    for (const setup of order) {
      await newAccounts(setup);
      for (const kind of kinds) {
        const sample = await measure(setup, kind === 'fresh' ? setup.fresh : setup.history);
        const key = keyOf(setup.name, kind);
        samples.set(key, [...(samples.get(key) ?? []), sample]);
        console.log(
          `round ${round} ${key.padEnd(14)} ${sample.rate.toFixed(0).padStart(6)} cycles/s p99 ${sample.p99.toFixed(1)} ms` +
            ` node ${sample.nodeUs.toFixed(0)} µs pg ${sample.pgUs.toFixed(0)} µs/cycle wal ${sample.walBytes.toFixed(0)} B/cycle` +
            ` snapshot saves ${sample.snapshotSaves}`,
        );
      }
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const spread = (values: number[]) =>
    `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  console.log('\nmedians');
  for (const setup of setups) {
    const fresh = samples.get(keyOf(setup.name, 'fresh')) ?? [];
    const history = samples.get(keyOf(setup.name, 'history')) ?? [];
    for (const [kind, list] of [
      ['fresh', fresh],
      ['history', history],
    ] as const) {
      if (list.length === 0) continue;
      console.log(
        `${keyOf(setup.name, kind).padEnd(14)} ${median(list.map((s) => s.rate)).toFixed(0)} cycles/s` +
          ` node ${median(list.map((s) => s.nodeUs)).toFixed(0)} µs pg ${median(list.map((s) => s.pgUs)).toFixed(0)} µs/cycle` +
          ` wal ${median(list.map((s) => s.walBytes)).toFixed(0)} B/cycle`,
      );
    }
    const ratios = history.flatMap((sample, i) => (fresh[i] ? [sample.rate / fresh[i].rate] : []));
    if (ratios.length > 0)
      console.log(
        `${setup.name}: history/fresh per round ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)} (${spread(ratios)})`,
      );
    const size = await setup.admin.query<{ json: string }>(
      `SELECT length(state::text)::text AS json FROM stream_snapshots WHERE stream_id = $1`,
      [setup.module.creditStreamId(setup.history[0]!)],
    );
    console.log(
      `${setup.name}: snapshot of one history account ${(Number(size.rows[0]?.json ?? 0) / 1024).toFixed(0)} KB of JSON`,
    );
  }
  for (const setup of setups) await setup.store.close();
} finally {
  for (const database of databases) await database.drop();
}
