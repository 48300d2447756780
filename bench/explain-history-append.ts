// EXPLAIN (ANALYZE, BUFFERS) of the append path's statements on streams with a long history
// against fresh ones, in one database: what a history account costs Postgres per append.
// Each statement runs in a transaction that is rolled back, so every run sees the same tables.
//
//   npx tsx bench/explain-history-append.ts [--history=2000] [--repeat=5] [--keep]
import {
  createLedger,
  creditStreamId,
  ledgerMigrations,
  migrate,
  PostgresEventStore,
  PostgresSnapshotStore,
} from '@app/ledger';
import {
  APPEND_GROUP_SQL,
  groupDocument,
} from '../ledger/src/event-store/postgres/event-store-sql';
import { grantEvent } from './lib/append-bench';
import { meta } from './lib/command-bench';
import { createBenchDatabase } from './lib/database';
import { createSeedFunctions, seedAccountHistories } from './lib/seed-sql';
import { forEachLimit } from './lib/timing';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const historyEvents = Number(arg('history', '2000'));
const repeat = Number(arg('repeat', '5'));
const GROUP = 16;

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = await createBenchDatabase(serverUrl, 'hledger2_explain');
try {
  const pool = database.pool(8, 'explain');
  await migrate(pool, [ledgerMigrations]);
  await createSeedFunctions(pool);
  const store = new PostgresEventStore(pool);
  const ledger = createLedger(store, new PostgresSnapshotStore(pool));
  const fresh = Array.from({ length: 200 }, (_, i) => `fresh-${i}`);
  await forEachLimit(fresh, 8, async (userId) => {
    await ledger.credits.handle(
      creditStreamId(userId),
      {
        type: 'GrantCredits',
        data: { userId, grantId: `g-${userId}`, amount: 1e6, source: 'migration', expiresAt: null },
      },
      meta(userId, `m:${userId}`),
    );
  });
  await seedAccountHistories(pool, 100, historyEvents, 'hist');
  await pool.query('ANALYZE events');
  const versions = async (streams: string[]) =>
    (
      await pool.query<{ stream_id: string; v: string }>(
        'SELECT stream_id, max(stream_version)::text AS v FROM events WHERE stream_id = ANY($1) GROUP BY 1',
        [streams],
      )
    ).rows;
  const group = async (userIds: string[]) => {
    const rows = await versions(userIds.map(creditStreamId));
    return groupDocument(
      rows.map((row) => ({
        streamId: row.stream_id,
        expected: Number(row.v),
        events: [grantEvent(row.stream_id)],
      })),
    );
  };
  const client = await pool.connect();
  const explain = async (label: string, sql: string, params: unknown[]) => {
    await client.query('BEGIN');
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
      params,
    );
    await client.query('ROLLBACK');
    console.log(`\n=== ${label}`);
    console.log(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
  };
  const historyIds = Array.from({ length: GROUP }, (_, i) => `hist-${String(i).padStart(4, '0')}`);
  for (let r = 0; r < repeat; r++) {
    const last = r === repeat - 1;
    for (const [label, ids] of [
      ['fresh', fresh.slice(0, GROUP)],
      ['history', historyIds],
    ] as const) {
      const doc = await group([...ids]);
      if (last) await explain(`group of ${GROUP}, ${label}`, APPEND_GROUP_SQL, [doc]);
      else {
        await client.query('BEGIN');
        await client.query(APPEND_GROUP_SQL, [doc]);
        await client.query('ROLLBACK');
      }
    }
  }
  for (const [label, stream] of [
    ['fresh', creditStreamId(fresh[0]!)],
    ['history', creditStreamId(historyIds[0]!)],
  ] as const) {
    await explain(
      `max version, ${label}`,
      'SELECT coalesce(max(stream_version), -1) FROM events WHERE stream_id = $1',
      [stream],
    );
  }
  client.release();
  await store.close();
} finally {
  if (!process.argv.includes('--keep')) await database.drop();
}
