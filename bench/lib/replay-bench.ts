import { PostgresEventStore } from '@app/ledger';
import {
  allProjections,
  discardVersion,
  loadCheckpoints,
  rebuildProjection,
  rebuildProjections,
  type Projection,
} from '@app/projections';
import type pg from 'pg';
import { checkpoint, type BenchDatabase } from './database';
import type { BenchOptions } from './options';
import {
  block,
  fmt,
  fmtMb,
  fmtMs,
  fmtRate,
  fmtRatio,
  heading,
  note,
  record,
  table,
} from './report';
import { dropStagedLog, insertStagedLog, logMix, stageLog } from './seed-log';
import { collectGarbage, median, timed, withRssSampling } from './timing';
import { timeBaselineInsert } from './replay-baseline';

// Measurement 3: replay of the whole log into every read model with rebuildProjection.

export const REPLAY_TARGET = 50_000;
/** Issue 22: replays at the speed of the database. */
export const REPLAY_RATIO_TARGET = 0.5;
export const RSS_FLAT_TARGET = 1.3;

interface ProjectionTiming {
  name: string;
  ms: number;
  applied: number;
}

interface ReplayRun {
  events: number;
  perProjection: ProjectionTiming[];
  totalMs: number;
  peakRss: number;
  peakHeapUsed: number;
  startRss: number;
}

async function logSize(pool: pg.Pool) {
  const result = await pool.query<{ n: string; bytes: string }>(
    `SELECT count(*)::text AS n, pg_total_relation_size('events')::text AS bytes FROM events`,
  );
  return { events: Number(result.rows[0]!.n), bytes: Number(result.rows[0]!.bytes) };
}

/** Rebuilds every projection in one pass over the log (as replay and ensureProjections do), sampling RSS. */
async function replayAll(
  pool: pg.Pool,
  projections: readonly Projection[],
  events: number,
): Promise<ReplayRun> {
  const store = new PostgresEventStore(pool);
  collectGarbage();
  const perProjection: ProjectionTiming[] = [];
  try {
    const sampled = await withRssSampling(async () => {
      const { result, ms } = await timed(() => rebuildProjections(pool, store, projections));
      perProjection.push({
        name: `${projections.length} read models, one pass`,
        ms,
        applied: result[0]?.applied ?? 0,
      });
      return ms;
    });
    return {
      events,
      perProjection,
      totalMs: sampled.result,
      peakRss: sampled.peakRss,
      peakHeapUsed: sampled.peakHeapUsed,
      startRss: sampled.startRss,
    };
  } finally {
    await store.close();
  }
}

/** Rebuilds every projection concurrently, each reading the log on its own (for comparison). */
async function replayConcurrently(pool: pg.Pool, projections: readonly Projection[]) {
  const store = new PostgresEventStore(pool);
  collectGarbage();
  try {
    return await withRssSampling(async () => {
      const { ms } = await timed(() =>
        Promise.all(projections.map((p) => rebuildProjection(pool, store, p))),
      );
      return ms;
    });
  } finally {
    await store.close();
  }
}

/** Drops every retired version, so older copies do not compete for cache. */
async function discardRetired(pool: pg.Pool) {
  for (const row of await loadCheckpoints(pool, ['retired'])) {
    const projection = allProjections.find((p) => p.name === row.name);
    if (projection) await discardVersion(pool, projection, row.version);
  }
}

function printReplay(title: string, run: ReplayRun) {
  note(title);
  table(
    ['projection', 'time', 'log events/s', 'events read'],
    [
      ...run.perProjection.map((p) => [
        p.name,
        fmtMs(p.ms),
        fmtRate((run.events * 1000) / p.ms),
        fmt(p.applied),
      ]),
      ['all', fmtMs(run.totalMs), fmtRate((run.events * 1000) / run.totalMs), ''],
    ],
  );
}

export interface ReplayFigures {
  rate: number;
  baselineRate: number;
  ratio: number;
  peakSmall: number;
  peakFull: number;
}

export async function replayBenchmark(
  database: BenchDatabase,
  options: BenchOptions,
): Promise<ReplayFigures> {
  const n = options.events;
  const small = Math.floor(n / 4);
  heading(
    `3. Replay of ${fmt(n)} events into all ${allProjections.length} read models (rebuildProjections, one pass)`,
  );
  const pool = database.pool(8, 'bench-replay');
  try {
    // The log holds exactly the seeded events: drop what measurements 1 and 2 wrote.
    await pool.query('TRUNCATE events, stream_snapshots');
    const staged = await timed(() => stageLog(pool, n, options.users));
    note(
      `staged ${fmt(staged.result.rows)} rows (${staged.result.months} months of ${fmt(options.users)} users) in ${fmtMs(staged.ms)}`,
    );

    const seedSmall = await timed(async () => {
      await insertStagedLog(pool, 0, small);
      await pool.query('VACUUM ANALYZE events');
    });
    await checkpoint(pool);
    note(
      `inserted the first ${fmt(small)} events in ${fmtMs(seedSmall.ms)}; replaying them for the memory comparison`,
    );
    const smallRun = await replayAll(pool, allProjections, small);
    printReplay(`replay of N/4 = ${fmt(small)} events:`, smallRun);
    await discardRetired(pool);

    const seedRest = await timed(async () => {
      await insertStagedLog(pool, small, n);
      await pool.query('VACUUM ANALYZE events');
    });
    await dropStagedLog(pool);
    await checkpoint(pool);
    const size = await logSize(pool);
    note(
      `inserted the other ${fmt(n - small)} events in ${fmtMs(seedRest.ms)} ` +
        `(${fmtRate(((n - small) * 1000) / seedRest.ms, ' events/s')} by INSERT … SELECT); ` +
        `log: ${fmt(size.events)} events, ${fmtMb(size.bytes)} with indexes`,
    );
    const mix = await logMix(pool);
    note(
      `mix: ${mix.map((m) => `${m.type} ${fmt((100 * m.count) / size.events, 1)}%`).join(', ')}`,
    );

    // The baseline (the same rows extracted into an unindexed table, one INSERT … SELECT) and the
    // replay alternate for a few rounds: on a shared host a single pair moves by a tenth or more
    // between runs, so the medians (and every round's ratio) are reported.
    const rounds: { baselineMs: number; run: ReplayRun }[] = [];
    for (let round = 0; round < options.replayRounds; round++) {
      const baselineMs = await timeBaselineInsert(pool);
      await checkpoint(pool);
      const run = await replayAll(pool, allProjections, size.events);
      await discardRetired(pool);
      await checkpoint(pool);
      rounds.push({ baselineMs, run });
      note(
        `round ${round + 1} of ${options.replayRounds}: baseline ${fmtMs(baselineMs)}, replay ${fmtMs(run.totalMs)}, ratio ${fmtRatio(baselineMs / run.totalMs)}`,
      );
    }
    const baselineMs = median(rounds.map((r) => r.baselineMs));
    const baselineRate = (size.events * 1000) / baselineMs;
    const full = rounds.map((r) => r.run).sort((a, b) => a.totalMs - b.totalMs)[
      Math.floor(rounds.length / 2)
    ]!;
    printReplay(`replay of N = ${fmt(size.events)} events (the median round):`, full);
    const rate = (size.events * 1000) / full.totalMs;
    const ratio = rate / baselineRate;
    // The median round's peak: a later round starts with what the process kept from the earlier.
    const peakFull = full.peakRss;
    const rssRatio = peakFull / smallRun.peakRss;

    await checkpoint(pool);
    const concurrent = await replayConcurrently(pool, allProjections);
    await discardRetired(pool);
    const concurrentRate = (size.events * 1000) / concurrent.result;

    block(
      [
        [
          'replay, all read models, one pass',
          `${fmtRate(rate, ' log events/s')}  (${fmtMs(full.totalMs)} for ${fmt(size.events)} events × ${allProjections.length} projections)`,
        ],
        [
          'baseline: INSERT … SELECT',
          `${fmtRate(baselineRate, ' events/s')}  (${fmtMs(baselineMs)}, jsonb fields extracted into an unindexed credit_history-shaped table)`,
        ],
        [
          'ratio',
          `${fmtRatio(ratio)}  (medians of ${rounds.length} alternated rounds; each round: ${rounds
            .map((r) => fmtRatio(r.baselineMs / r.run.totalMs))
            .join(', ')})`,
        ],
      ],
      {
        measurement: '3 replay',
        figure: `replay ${fmt(size.events)} events, all read models, one pass`,
        value: fmtRate(rate),
        baseline: `INSERT…SELECT ${fmtRate(baselineRate)}`,
        ratio: fmtRatio(ratio),
        target: `>= ${fmt(REPLAY_TARGET)}/s and ratio >= ${REPLAY_RATIO_TARGET}`,
        pass: rate >= REPLAY_TARGET && ratio >= REPLAY_RATIO_TARGET,
      },
    );
    for (const p of full.perProjection) {
      record({
        measurement: '3 replay',
        figure: `  ${p.name}`,
        value: fmtRate((size.events * 1000) / p.ms),
        pass: null,
      });
    }
    block(
      [
        [
          'replay, all read models, concurrently',
          `${fmtRate(concurrentRate, ' log events/s')}  (${fmtMs(concurrent.result)}; peak RSS ${fmtMb(concurrent.peakRss)})`,
        ],
      ],
      {
        measurement: '3 replay',
        figure: 'replay, all read models, 4 rebuilds at once',
        value: fmtRate(concurrentRate),
        baseline: `INSERT…SELECT ${fmtRate(baselineRate)}`,
        ratio: fmtRatio(concurrentRate / baselineRate),
        pass: null,
      },
    );
    block(
      [
        [
          'peak RSS, replay of N/4',
          `${fmtMb(smallRun.peakRss)}  (RSS at start ${fmtMb(smallRun.startRss)}, peak heap used ${fmtMb(smallRun.peakHeapUsed)})`,
        ],
        [
          'peak RSS, replay of N',
          `${fmtMb(peakFull)}  (the median round; RSS at start ${fmtMb(full.startRss)}, peak heap used ${fmtMb(full.peakHeapUsed)})`,
        ],
        ['ratio N / (N/4)', fmtRatio(rssRatio)],
      ],
      {
        measurement: '3 replay',
        figure: `peak RSS, replay of ${fmt(size.events)} vs ${fmt(small)}`,
        value: fmtMb(peakFull),
        baseline: `N/4: ${fmtMb(smallRun.peakRss)}`,
        ratio: fmtRatio(rssRatio),
        target: `ratio <= ${RSS_FLAT_TARGET}`,
        pass: rssRatio <= RSS_FLAT_TARGET,
      },
    );
    return { rate, baselineRate, ratio, peakSmall: smallRun.peakRss, peakFull };
  } finally {
    await pool.end();
  }
}
