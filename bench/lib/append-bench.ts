import { randomUUID } from 'node:crypto';
import {
  CURRENT_SCHEMA_VERSION,
  PostgresEventStore,
  type EventMetadata,
  type NewEvent,
} from '@app/ledger';
import pg from 'pg';
import type { BenchDatabase } from './database';
import type { BenchOptions } from './options';
import { block, fmt, fmtMs, fmtRate, fmtRatio, heading, note } from './report';
import { combineRuns, runFor, type RunResult } from './timing';

// Measurement 1: single-event appends through PostgresEventStore.append by N writers (8, or
// --writers), against the same single-row INSERT into a table shaped exactly like `events`, on N
// plain pg clients. Appends to different streams commit in groups; the target (issue 22) is for
// 64 writers: `npx tsx bench/ledger.ts --only=appends --writers=64`.

const STREAMS_PER_WRITER = 64;
export const APPEND_TARGET_RATIO = 3;

/** Same columns, defaults, constraints and indexes as `events` (its own sequence). */
const RAW_TABLE_SQL = `
CREATE TABLE bench_raw_events (
  global_position bigserial PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_version bigint NOT NULL,
  event_id uuid NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT bench_raw_events_stream_version_key UNIQUE (stream_id, stream_version),
  CONSTRAINT bench_raw_events_event_id_key UNIQUE (event_id)
);
CREATE INDEX bench_raw_events_commit_order_idx ON bench_raw_events (transaction_id, global_position);`;

const RAW_INSERT_SQL = `INSERT INTO bench_raw_events (stream_id, stream_version, event_id, type, data, metadata)
VALUES ($1, $2, $3, $4, $5, $6)`;

/** A `CreditsGranted` as the command handler would write it, with full metadata. */
export function grantEvent(userId: string, now = new Date()): NewEvent {
  const metadata: EventMetadata = {
    eventId: randomUUID(),
    occurredAt: now.toISOString(),
    actor: { kind: 'staff', id: 'staff-42' },
    reason: 'goodwill after the outage of 2026-01-12 (ticket SUP-4211)',
    correlationId: randomUUID(),
    causationId: randomUUID(),
    idempotencyKey: `goodwill:${userId}:${randomUUID()}`,
    schemaVersion: CURRENT_SCHEMA_VERSION,
  };
  return {
    type: 'CreditsGranted',
    data: {
      userId,
      grantId: `grant-${randomUUID()}`,
      amount: 25,
      source: 'goodwill',
      expiresAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    },
    metadata,
  };
}

/** Each writer owns its streams and their next expected version. */
function writerStreams(run: string, writers: number) {
  return Array.from({ length: writers }, (_, w) =>
    Array.from({ length: STREAMS_PER_WRITER }, (_, s) => ({
      userId: `${run}-w${w}-s${s}-${randomUUID().slice(0, 8)}`,
      version: -1,
    })),
  );
}

export interface AppendFigures {
  store: RunResult;
  raw: RunResult;
  ratio: number;
}

export async function appendBenchmark(
  database: BenchDatabase,
  options: BenchOptions,
): Promise<AppendFigures> {
  heading(
    `1. Appends/s, ${options.writers} concurrent writers, single-event appends with expected version`,
  );
  const pool = database.pool(options.writers, 'bench-append-store');
  await pool.query(RAW_TABLE_SQL);
  const store = new PostgresEventStore(pool);
  const clients = await Promise.all(
    Array.from({ length: options.writers }, async () => {
      const client = new pg.Client({
        connectionString: database.url,
        application_name: 'bench-append-raw',
      });
      await client.connect();
      return client;
    }),
  );

  let runs = 0;
  const storeRun = async (seconds: number) => {
    const streams = writerStreams(`store${runs++}`, options.writers);
    return runFor(seconds, options.writers, async (w, i) => {
      const stream = streams[w]![i % STREAMS_PER_WRITER]!;
      const event = grantEvent(stream.userId);
      const result = await store.append(
        `credits-${stream.userId}`,
        [event],
        stream.version < 0 ? 'no_stream' : stream.version,
      );
      stream.version = result.nextExpectedVersion;
    });
  };
  const rawRun = async (seconds: number) => {
    const streams = writerStreams(`raw${runs++}`, options.writers);
    return runFor(seconds, options.writers, async (w, i) => {
      const stream = streams[w]![i % STREAMS_PER_WRITER]!;
      const event = grantEvent(stream.userId);
      await clients[w]!.query(RAW_INSERT_SQL, [
        `credits-${stream.userId}`,
        stream.version + 1,
        event.metadata.eventId,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      ]);
      stream.version += 1;
    });
  };

  try {
    await rawRun(options.warmupSeconds);
    await storeRun(options.warmupSeconds);
    // ABBA: each side gets half of its time early and half late, so drift (table growth,
    // checkpoints, autovacuum) lands on both.
    const half = options.appendSeconds / 2;
    const raw1 = await rawRun(half);
    const store1 = await storeRun(half);
    const store2 = await storeRun(half);
    const raw2 = await rawRun(half);
    const raw = combineRuns([raw1, raw2]);
    const storeResult = combineRuns([store1, store2]);
    const ratio = storeResult.rate / raw.rate;
    const sample = JSON.stringify(grantEvent('00000000-0000-0000-0000-000000000000'));
    note(
      `payload: one CreditsGranted with full metadata, ~${fmt(sample.length)} bytes of JSON; ` +
        `${STREAMS_PER_WRITER} streams per writer; ${fmt(options.appendSeconds)} s each, ABBA halves, after ${options.warmupSeconds} s warm-up`,
    );
    block(
      [
        [
          'PostgresEventStore.append',
          `${fmtRate(storeResult.rate, ' appends/s')}  (${fmt(storeResult.ops)} in ${fmtMs(storeResult.elapsedMs)}; p50 ${fmtMs(storeResult.p50Ms)}, p99 ${fmtMs(storeResult.p99Ms)})`,
        ],
        [
          'baseline: raw INSERT',
          `${fmtRate(raw.rate, ' inserts/s')}  (${fmt(raw.ops)} in ${fmtMs(raw.elapsedMs)}; p50 ${fmtMs(raw.p50Ms)}, p99 ${fmtMs(raw.p99Ms)})`,
        ],
        [
          'halves store / raw',
          `${fmtRate(store1.rate)} + ${fmtRate(store2.rate)} / ${fmtRate(raw1.rate)} + ${fmtRate(raw2.rate)}`,
        ],
        ['ratio', fmtRatio(ratio)],
      ],
      {
        measurement: '1 appends',
        figure: `store append, ${options.writers} writers`,
        value: fmtRate(storeResult.rate),
        baseline: `raw INSERT ${fmtRate(raw.rate)}`,
        ratio: fmtRatio(ratio),
        target: `ratio >= ${APPEND_TARGET_RATIO}`,
        pass: ratio >= APPEND_TARGET_RATIO,
      },
    );
    return { store: storeResult, raw, ratio };
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    await store.close();
    await pool.query('DROP TABLE IF EXISTS bench_raw_events').catch(() => undefined);
    await pool.end();
  }
}
