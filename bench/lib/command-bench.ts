import { randomUUID } from 'node:crypto';
import {
  createLedger,
  creditStreamId,
  PostgresEventStore,
  PostgresSnapshotStore,
  type CommandMetadata,
  type Ledger,
} from '@app/ledger';
import type { BenchDatabase } from './database';
import type { BenchOptions } from './options';
import { block, fmt, fmtMs, fmtRate, fmtRatio, heading, note, record } from './report';
import { createSeedFunctions, historyUserId, seedAccountHistories } from './seed-sql';
import { forEachLimit, median, runFor, timed, type RunResult } from './timing';

// Measurement 2: hold + capture cycles through the real command handlers.

export const CYCLES_TARGET = 1_500;
export const HISTORY_RATIO_TARGET = 0.8;

/** A user's command metadata as the API sends it for a generation's credit side. */
export const meta = (userId: string, key: string): CommandMetadata => ({
  now: new Date(),
  actor: { kind: 'user', id: userId },
  reason: 'image generation',
  correlationId: randomUUID(),
  causationId: null,
  idempotencyKey: key,
});

/** One generation's credit side: hold 5 credits, then capture the hold. */
export async function holdAndCapture(ledger: Ledger, userId: string) {
  const stream = creditStreamId(userId);
  const generationId = randomUUID();
  await ledger.credits.handle(
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
  await ledger.credits.handle(
    stream,
    { type: 'CaptureHold', data: { userId, reservationId: generationId } },
    meta(userId, `capture:${generationId}`),
  );
}

/** Worker w drives accounts w, w + inFlight, …: every command in flight is on a different account. */
function cycleRun(ledger: Ledger, userIds: readonly string[], seconds: number, inFlight: number) {
  const owned = Array.from({ length: inFlight }, (_, w) =>
    userIds.filter((_, i) => i % inFlight === w),
  );
  return runFor(seconds, Math.min(inFlight, userIds.length), (w, i) => {
    const mine = owned[w]!;
    return holdAndCapture(ledger, mine[i % mine.length]!);
  });
}

const runLine = (run: RunResult) =>
  `${fmtRate(run.rate, ' cycles/s')}  (${fmt(run.ops)} cycles in ${fmtMs(run.elapsedMs)}; cycle p50 ${fmtMs(run.p50Ms)}, p99 ${fmtMs(run.p99Ms)})`;

export interface CommandFigures {
  fresh: RunResult;
  coldFromLog: RunResult;
  coldFromSnapshot: RunResult;
  warm: RunResult;
  firstFromLogMs: number;
  firstFromSnapshotMs: number;
  ratio: number;
}

export async function commandBenchmark(
  database: BenchDatabase,
  options: BenchOptions,
): Promise<CommandFigures> {
  heading(`2. Hold + capture cycles/s through the command handlers, ${options.inFlight} in flight`);
  const pool = database.pool(options.inFlight + 4, 'bench-commands');
  const store = new PostgresEventStore(pool);
  const snapshots = new PostgresSnapshotStore(pool);
  try {
    // 2a: new accounts, each granted plenty of credits first.
    const ledger = createLedger(store, snapshots);
    const fresh = Array.from(
      { length: options.newAccounts },
      (_, i) => `new-${i}-${randomUUID().slice(0, 8)}`,
    );
    await forEachLimit(fresh, options.inFlight, async (userId) => {
      await ledger.credits.handle(
        creditStreamId(userId),
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
    await cycleRun(ledger, fresh, Math.min(1, options.warmupSeconds), options.inFlight);
    const freshRun = await cycleRun(ledger, fresh, options.commandSeconds, options.inFlight);
    note(
      `${fmt(options.newAccounts)} accounts, 1,000,000 credits each; every cycle is HoldCredits then CaptureHold on one account`,
    );
    block([['new accounts', runLine(freshRun)]], {
      measurement: '2 commands',
      figure: `hold+capture, ${fmt(options.newAccounts)} new accounts`,
      value: fmtRate(freshRun.rate),
      target: `>= ${fmt(CYCLES_TARGET)}/s`,
      pass: freshRun.rate >= CYCLES_TARGET,
    });

    // 2b: accounts with long histories, seeded in bulk, and a cold handler.
    await createSeedFunctions(pool);
    const seed = await timed(() =>
      seedAccountHistories(pool, options.historyAccounts, options.historyEvents),
    );
    await pool.query('ANALYZE events');
    const history = Array.from({ length: options.historyAccounts }, (_, i) => historyUserId(i));
    note(
      `seeded ${fmt(options.historyAccounts)} accounts × ${fmt(options.historyEvents)} events ` +
        `(grant, hold/capture pairs) by SQL in ${fmtMs(seed.ms)}`,
    );

    // First command on one account with a brand-new handler: a load of the whole history from the
    // log (no snapshot yet; the load then saves one), on three accounts the runs below do not touch first.
    const firsts: number[] = [];
    for (const userId of history.slice(-3)) {
      firsts.push((await timed(() => holdAndCapture(createLedger(store, snapshots), userId))).ms);
    }
    const firstFromLog = median(firsts);

    // Cold handler, histories in the log only (97 of the 100 accounts have no snapshot).
    const fromLog = createLedger(store, snapshots);
    const coldLogRun = await cycleRun(fromLog, history, options.commandSeconds, options.inFlight);
    // Every account loaded (and so snapshotted) once; a new handler must now load from snapshots.
    await forEachLimit(
      history,
      options.inFlight,
      async (userId) => void (await fromLog.credits.read(creditStreamId(userId))),
    );
    const fromSnapshot = createLedger(store, snapshots);
    const firstFromSnapshot = (
      await timed(() => holdAndCapture(createLedger(store, snapshots), history[0]!))
    ).ms;
    const coldSnapshotRun = await cycleRun(
      fromSnapshot,
      history,
      options.commandSeconds,
      options.inFlight,
    );
    // Same handler once every account is in its cache.
    await forEachLimit(
      history,
      options.inFlight,
      async (userId) => void (await fromSnapshot.credits.read(creditStreamId(userId))),
    );
    const warmRun = await cycleRun(fromSnapshot, history, options.commandSeconds, options.inFlight);
    const snapshotSize = await pool.query<{ stored: string; json: string }>(
      `SELECT pg_column_size(state)::text AS stored, length(state::text)::text AS json
       FROM stream_snapshots WHERE stream_id = $1`,
      [creditStreamId(history[0]!)],
    );
    const size = snapshotSize.rows[0];
    const ratio = coldLogRun.rate / freshRun.rate;
    const snapshotRatio = coldSnapshotRun.rate / freshRun.rate;
    const accountsLabel = `${fmt(options.historyAccounts)} × ${fmt(options.historyEvents)}-event accounts`;
    block(
      [
        [`${accountsLabel}, cold handler (log)`, runLine(coldLogRun)],
        ['baseline: new accounts', fmtRate(freshRun.rate, ' cycles/s')],
        ['ratio', fmtRatio(ratio)],
      ],
      {
        measurement: '2 commands',
        figure: `hold+capture, ${accountsLabel}, cold handler, from log`,
        value: fmtRate(coldLogRun.rate),
        baseline: `new accounts ${fmtRate(freshRun.rate)}`,
        ratio: fmtRatio(ratio),
        // Without snapshots: what they save (the target applies to the snapshot case below).
        pass: null,
      },
    );
    block(
      [
        [`${accountsLabel}, cold handler (snapshots)`, runLine(coldSnapshotRun)],
        ['ratio', fmtRatio(snapshotRatio)],
      ],
      {
        measurement: '2 commands',
        figure: `hold+capture, ${accountsLabel}, cold handler, from snapshots`,
        value: fmtRate(coldSnapshotRun.rate),
        baseline: `new accounts ${fmtRate(freshRun.rate)}`,
        ratio: fmtRatio(snapshotRatio),
        target: `ratio >= ${HISTORY_RATIO_TARGET}`,
        pass: snapshotRatio >= HISTORY_RATIO_TARGET,
      },
    );
    block(
      [
        [
          `${accountsLabel}, warm handler`,
          `${runLine(warmRun)}; ratio ${fmtRatio(warmRun.rate / freshRun.rate)}`,
        ],
        [
          'first command, cold, from the log',
          `${fmtMs(firstFromLog)} median of ${firsts.map((ms) => fmtMs(ms)).join(', ')} (hold + capture; includes saving the first snapshot)`,
        ],
        ['first command, cold, from snapshot', fmtMs(firstFromSnapshot)],
        [
          'snapshot of one account',
          `${fmt(Number(size?.json ?? 0) / 1024)} KB of JSON, ${fmt(Number(size?.stored ?? 0) / 1024)} KB stored`,
        ],
      ],
      undefined,
    );
    const extra = [
      {
        figure: `hold+capture, ${accountsLabel}, warm handler`,
        value: fmtRate(warmRun.rate),
        ratio: fmtRatio(warmRun.rate / freshRun.rate),
      },
      {
        figure: `first command on a ${fmt(options.historyEvents)}-event account, cold from log`,
        value: fmtMs(firstFromLog),
      },
      {
        figure: `first command on a ${fmt(options.historyEvents)}-event account, cold from snapshot`,
        value: fmtMs(firstFromSnapshot),
      },
    ];
    for (const line of extra) record({ measurement: '2 commands', pass: null, ...line });
    return {
      fresh: freshRun,
      coldFromLog: coldLogRun,
      coldFromSnapshot: coldSnapshotRun,
      warm: warmRun,
      firstFromLogMs: firstFromLog,
      firstFromSnapshotMs: firstFromSnapshot,
      ratio,
    };
  } finally {
    await store.close();
    await pool.end();
  }
}
