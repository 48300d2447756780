// Where a group of appends spends its time (issue 22): runs single-event appends by N writers in
// alternating rounds per mode (the naive raw INSERT and the store with several group settings) and
// prints, per mode, the median rate and latency next to CPU per append in Node and in the Postgres
// backends (from /proc), WAL bytes and flushes per append, and the group statements' sizes and times.
// Not a test; wall-clock figures on a busy machine are noisy, the CPU and WAL figures much less so.
//
//   npx tsx bench/profile-appends.ts [--writers=64] [--seconds=3] [--rounds=3] [--seed=0]
//     [--modes=raw,store:4:64,store:1:64]   (store:<groups in flight>:<max group size>[:<min group share>])
import fs from 'node:fs';
import { PostgresEventStore } from '@app/ledger';
import { ledgerMigrations, migrate } from '@app/ledger';
import pg from 'pg';
import { grantEvent } from './lib/append-bench';
import { createBenchDatabase } from './lib/database';
import { runFor } from './lib/timing';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const writers = Number(arg('writers', '64'));
const seconds = Number(arg('seconds', '3'));
const rounds = Number(arg('rounds', '3'));
const seed = Number(arg('seed', '0'));
const modes = arg('modes', 'raw,store:4:64').split(',');
// Mode `other`: the PostgresEventStore of another checkout, for before/after in one run
// (e.g. --other=../../main/ledger/src/event-store/postgres/postgres-event-store.ts).
const otherPath = arg('other', '');
const OtherStore = otherPath
  ? ((await import(otherPath)) as { PostgresEventStore: typeof PostgresEventStore })
      .PostgresEventStore
  : null;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STREAMS_PER_WRITER = 64;

const RAW_SQL = `INSERT INTO bench_raw_events (stream_id, stream_version, event_id, type, data, metadata)
VALUES ($1, $2, $3, $4, $5, $6)`;

interface Sample {
  rate: number;
  p50: number;
  p99: number;
  nodeUs: number;
  pgUs: number;
  walBytes: number;
  walSyncs: number;
  statements: number;
  meanGroup: number;
  statementMs: number;
  singles: number;
}

const ticks = (pid: number) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

const database = await createBenchDatabase(serverUrl, 'bench_prof_append');
try {
  const admin = database.pool(2, 'prof-admin');
  await migrate(admin, [ledgerMigrations]);
  await admin.query(
    `CREATE TABLE bench_raw_events (LIKE events INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`,
  );
  await admin.query(`CREATE SEQUENCE bench_raw_seq`);
  await admin.query(
    `ALTER TABLE bench_raw_events ALTER global_position SET DEFAULT nextval('bench_raw_seq')`,
  );
  if (seed > 0) {
    const sample = grantEvent('seed');
    for (const table of ['events', 'bench_raw_events'])
      await admin.query(
        `INSERT INTO ${table} (stream_id, stream_version, event_id, type, data, metadata)
         SELECT 'credits-seed-' || (g / 50), g % 50, gen_random_uuid(), 'CreditsGranted', $2::jsonb, $3::jsonb
         FROM generate_series(1, $1::int) AS g`,
        [seed, JSON.stringify(sample.data), JSON.stringify(sample.metadata)],
      );
    await admin.query('VACUUM ANALYZE events');
    await admin.query('VACUUM ANALYZE bench_raw_events');
  }
  await admin.query('CHECKPOINT').catch(() => undefined);

  const backendPids = async () =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name <> 'prof-admin'`,
        [database.name],
      )
    ).rows.map((row) => row.pid);
  const walNow = async () =>
    (
      await admin.query<{ lsn: string; syncs: string }>(
        `SELECT pg_current_wal_insert_lsn()::text AS lsn, (SELECT wal_sync FROM pg_stat_wal)::text AS syncs`,
      )
    ).rows[0]!;

  let runNo = 0;
  const streamsFor = () =>
    Array.from({ length: writers }, (_, w) =>
      Array.from({ length: STREAMS_PER_WRITER }, (_, s) => ({
        id: `credits-r${runNo}-w${w}-s${s}-${Math.random().toString(36).slice(2, 8)}`,
        version: -1,
      })),
    );

  async function measure(mode: string, timed: number): Promise<Sample> {
    runNo++;
    const streams = streamsFor();
    let statements = 0;
    let grouped = 0;
    let statementMs = 0;
    let singles = 0;
    const pool = database.pool(writers, `prof-${mode}`);
    const [, inFlight, size, minShare] = mode.split(':');
    const clients: pg.Client[] = [];
    let op: (w: number, i: number) => Promise<void>;
    let store: PostgresEventStore | null = null;
    if (mode === 'raw') {
      for (let w = 0; w < writers; w++) {
        const client = new pg.Client({ connectionString: database.url, application_name: 'raw' });
        await client.connect();
        clients.push(client);
      }
      op = async (w, i) => {
        const stream = streams[w]![i % STREAMS_PER_WRITER]!;
        const event = grantEvent(stream.id);
        await clients[w]!.query(RAW_SQL, [
          stream.id,
          stream.version + 1,
          event.metadata.eventId,
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
        ]);
        stream.version++;
        statements++;
      };
    } else {
      const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
      (pool as unknown as { query: unknown }).query = async (
        config: unknown,
        ...rest: unknown[]
      ) => {
        const name = (config as { name?: string }).name;
        if (name !== 'events_append_group' && name !== 'events_append_one')
          return query(config, ...rest);
        const t0 = performance.now();
        const result = (await query(config, ...rest)) as { rowCount: number };
        statementMs += performance.now() - t0;
        statements++;
        grouped += name === 'events_append_one' ? 1 : result.rowCount;
        if (name === 'events_append_one') singles++;
        return result;
      };
      store =
        mode === 'other' && OtherStore
          ? new OtherStore(pool)
          : new PostgresEventStore(pool, {
              maxGroupsInFlight: Number(inFlight),
              maxGroupSize: Number(size),
              ...(minShare ? { minGroupShare: Number(minShare) } : {}),
            });
      op = async (w, i) => {
        const stream = streams[w]![i % STREAMS_PER_WRITER]!;
        const result = await store!.append(
          stream.id,
          [grantEvent(stream.id)],
          stream.version < 0 ? 'no_stream' : stream.version,
        );
        stream.version = result.nextExpectedVersion;
      };
    }
    await runFor(0.5, writers, op); // warm: connections open, statements prepared
    statements = grouped = statementMs = singles = 0;
    const pids = await backendPids();
    const before = new Map(pids.map((pid) => [pid, ticks(pid)]));
    const wal0 = await walNow();
    const cpu0 = process.cpuUsage();
    const result = await runFor(timed, writers, op);
    const cpu = process.cpuUsage(cpu0);
    const wal1 = await walNow();
    let pgTicks = 0;
    for (const pid of await backendPids()) pgTicks += ticks(pid) - (before.get(pid) ?? 0);
    const lsnDiff = await admin.query<{ bytes: string }>(
      `SELECT pg_wal_lsn_diff($1, $2)::text AS bytes`,
      [wal1.lsn, wal0.lsn],
    );
    await store?.close();
    await Promise.all(clients.map((client) => client.end()));
    await pool.end();
    return {
      rate: result.rate,
      p50: result.p50Ms,
      p99: result.p99Ms,
      nodeUs: (cpu.user + cpu.system) / result.ops,
      pgUs: (pgTicks * 10_000) / result.ops,
      walBytes: Number(lsnDiff.rows[0]!.bytes) / result.ops,
      walSyncs: (Number(wal1.syncs) - Number(wal0.syncs)) / result.ops,
      statements,
      meanGroup: mode === 'raw' ? 1 : grouped / Math.max(1, statements),
      statementMs: statementMs / Math.max(1, statements),
      singles,
    };
  }

  const samples = new Map<string, Sample[]>(modes.map((mode) => [mode, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? modes : [...modes].reverse();
    for (const mode of order) {
      const sample = await measure(mode, seconds);
      samples.get(mode)!.push(sample);
      console.log(
        `round ${round} ${mode.padEnd(12)} ${sample.rate.toFixed(0).padStart(6)}/s p50 ${sample.p50.toFixed(1)} p99 ${sample.p99.toFixed(1)} ms` +
          ` node ${sample.nodeUs.toFixed(0)} µs pg ${sample.pgUs.toFixed(0)} µs/append` +
          ` wal ${sample.walBytes.toFixed(0)} B syncs/append ${sample.walSyncs.toFixed(3)}` +
          ` groups ${sample.statements} (${sample.singles} alone) mean ${sample.meanGroup.toFixed(1)} stmt ${sample.statementMs.toFixed(2)} ms`,
      );
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  console.log('\nmedians (and ratio of rates to raw within each round, median)');
  const raw = samples.get('raw');
  for (const [mode, list] of samples) {
    const ratios = raw ? list.map((sample, i) => sample.rate / raw[i]!.rate) : [];
    console.log(
      `${mode.padEnd(12)} ${median(list.map((s) => s.rate))
        .toFixed(0)
        .padStart(6)}/s` +
        ` p50 ${median(list.map((s) => s.p50)).toFixed(1)} p99 ${median(list.map((s) => s.p99)).toFixed(1)} ms` +
        ` node ${median(list.map((s) => s.nodeUs)).toFixed(0)} pg ${median(list.map((s) => s.pgUs)).toFixed(0)} µs/append` +
        ` mean group ${median(list.map((s) => s.meanGroup)).toFixed(1)}` +
        (ratios.length ? ` ratio ${median(ratios).toFixed(2)}` : ''),
    );
  }
  await admin.end();
} finally {
  await database.drop();
}
