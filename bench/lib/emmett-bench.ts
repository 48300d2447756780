import { randomUUID } from 'node:crypto';
import { CommandHandler, STREAM_DOES_NOT_EXIST, type Event } from '@event-driven-io/emmett';
import {
  getPostgreSQLEventStore,
  type PostgresEventStore as EmmettEventStore,
} from '@event-driven-io/emmett-postgresql';
import {
  createLedger,
  creditStreamId,
  decideCreditAccount,
  evolveCreditAccount,
  initialCreditAccountState,
  PostgresEventStore,
  PostgresSnapshotStore,
  type CommandMetadata,
  type CreditAccountCommand,
  type CreditAccountEvent,
  type CreditAccountState,
  type Ledger,
} from '@app/ledger';
import { grantEvent } from './append-bench';
import type { BenchDatabase } from './database';
import type { BenchOptions } from './options';
import { block, fmt, fmtMs, fmtRate, fmtRatio, heading, note } from './report';
import { createSeedFunctions, seedAccountHistories } from './seed-sql';
import { combineRuns, forEachLimit, runFor, timed, type RunResult } from './timing';
import { cpuLine, startCpuCount, type CpuPerOp } from './cpu-per-op';

// Measurement 4: Emmett's PostgreSQL event store (@event-driven-io/emmett-postgresql, the store our
// house style follows) beside ours, in the same database and run: single-event appends, and
// hold + capture cycles through each one's command handler on fresh accounts and on accounts
// with 2,000 events of history. Emmett's CommandHandler reads the whole stream for every command
// (it has no snapshots or state cache); ours runs as the API does (snapshots and a state cache).

export const EMMETT_FRESH_TARGET = 5;
export const EMMETT_HISTORY_TARGET = 0.9;
const HISTORY_EVENTS = 2_000;
const HISTORY_ACCOUNTS = 100;
const FRESH_ACCOUNTS = 200;
const STREAMS_PER_WRITER = 64;
const OURS_APPLICATION = 'bench-emmett-ours';

/** Our credit events in Emmett's shape: the fold's context travels in the event's metadata. */
type EmmettCreditEvent = Event<
  CreditAccountEvent['type'],
  Record<string, unknown>,
  { idempotencyKey: string; occurredAt: string }
>;

const toEmmett = (event: CreditAccountEvent, metadata: CommandMetadata): EmmettCreditEvent => ({
  type: event.type,
  data: event.data as unknown as Record<string, unknown>,
  metadata: { idempotencyKey: metadata.idempotencyKey, occurredAt: metadata.now.toISOString() },
});

const evolveFromEmmett = (state: CreditAccountState, event: EmmettCreditEvent) =>
  evolveCreditAccount(state, { type: event.type, data: event.data } as CreditAccountEvent, {
    idempotencyKey: event.metadata!.idempotencyKey,
    occurredAt: Date.parse(event.metadata!.occurredAt),
  });

const emmettHandle = CommandHandler<CreditAccountState, EmmettCreditEvent>({
  evolve: evolveFromEmmett,
  initialState: initialCreditAccountState,
});

const meta = (userId: string, key: string, now = new Date()): CommandMetadata => ({
  now,
  actor: { kind: 'user', id: userId },
  reason: 'image generation',
  correlationId: randomUUID(),
  causationId: null,
  idempotencyKey: key,
});

const grant = (userId: string): CreditAccountCommand => ({
  type: 'GrantCredits',
  data: {
    userId,
    grantId: `grant-${userId}`,
    amount: 1_000_000,
    source: 'migration',
    expiresAt: null,
  },
});

const hold = (
  userId: string,
  generationId: string,
  deadline = new Date(Date.now() + 600_000),
): CreditAccountCommand => ({
  type: 'HoldCredits',
  data: { userId, reservationId: generationId, generationId, amount: 5, deadline },
});

const capture = (userId: string, reservationId: string): CreditAccountCommand => ({
  type: 'CaptureHold',
  data: { userId, reservationId },
});

/** One command through Emmett's CommandHandler with our decide. */
async function emmettCommand(
  store: EmmettEventStore,
  userId: string,
  command: CreditAccountCommand,
  metadata: CommandMetadata,
) {
  await emmettHandle(store, creditStreamId(userId), (state) =>
    decideCreditAccount(command, state, metadata).map((event) => toEmmett(event, metadata)),
  );
}

async function holdAndCaptureEmmett(store: EmmettEventStore, userId: string) {
  const generationId = randomUUID();
  await emmettCommand(
    store,
    userId,
    hold(userId, generationId),
    meta(userId, `hold:${generationId}`),
  );
  await emmettCommand(
    store,
    userId,
    capture(userId, generationId),
    meta(userId, `capture:${generationId}`),
  );
}

async function holdAndCaptureOurs(ledger: Ledger, userId: string) {
  const stream = creditStreamId(userId);
  const generationId = randomUUID();
  await ledger.credits.handle(
    stream,
    hold(userId, generationId),
    meta(userId, `hold:${generationId}`),
  );
  await ledger.credits.handle(
    stream,
    capture(userId, generationId),
    meta(userId, `capture:${generationId}`),
  );
}

/** Worker w drives accounts w, w + inFlight, …: every command in flight is on a different account. */
function cycles(
  userIds: readonly string[],
  seconds: number,
  inFlight: number,
  cycle: (userId: string) => Promise<void>,
) {
  const workers = Math.min(inFlight, userIds.length);
  const owned = Array.from({ length: workers }, (_, w) =>
    userIds.filter((_, i) => i % workers === w),
  );
  return runFor(seconds, workers, (w, i) => cycle(owned[w]![i % owned[w]!.length]!));
}

/**
 * A valid 2,000-event history for Emmett, made by our own decider: a grant, then hold/capture
 * pairs an hour apart (as `seedAccountHistories` writes ours), then a goodwill grant.
 */
function historyEvents(userId: string, count: number): EmmettCreditEvent[] {
  let state = initialCreditAccountState();
  const events: EmmettCreditEvent[] = [];
  const start = Date.now() - (count + 1) * 3_600_000;
  const apply = (command: CreditAccountCommand, key: string) => {
    const metadata = meta(userId, key, new Date(start + events.length * 3_600_000));
    for (const event of decideCreditAccount(command, state, metadata)) {
      const emmett = toEmmett(event, metadata);
      state = evolveFromEmmett(state, emmett);
      events.push(emmett);
    }
  };
  apply(grant(userId), `migrate:${userId}`);
  for (let pair = 1; events.length < count - 1; pair++) {
    const id = `${userId}-r${pair}`;
    apply(hold(userId, id, new Date(start + events.length * 3_600_000 + 600_000)), `hold:${id}`);
    apply(capture(userId, id), `capture:${id}`);
  }
  apply(
    {
      type: 'GrantCredits',
      data: {
        userId,
        grantId: `goodwill-${userId}`,
        amount: 50,
        source: 'goodwill',
        expiresAt: null,
      },
    },
    `goodwill:${userId}`,
  );
  return events.slice(0, count);
}

const runLine = (run: RunResult, unit: string) =>
  `${fmtRate(run.rate, unit)}  (${fmt(run.ops)} in ${fmtMs(run.elapsedMs)}; p50 ${fmtMs(run.p50Ms)}, p99 ${fmtMs(run.p99Ms)})`;

export interface EmmettFigures {
  appendRatio: number;
  freshRatio: number;
  historyRatio: number;
}

export async function emmettBenchmark(
  database: BenchDatabase,
  options: BenchOptions,
): Promise<EmmettFigures> {
  heading(
    `4. Ours beside Emmett's PostgreSQL event store: appends (${options.writers} writers), hold + capture (${options.inFlight} in flight)`,
  );
  const pool = database.pool(options.inFlight + 4, OURS_APPLICATION);
  const store = new PostgresEventStore(pool);
  const snapshots = new PostgresSnapshotStore(pool);
  const emmett = getPostgreSQLEventStore(database.url, {
    schema: { autoMigration: 'CreateOrUpdate' },
  });
  try {
    await emmett.schema.migrate();

    // 4a: single-event appends with an expected version, each writer on its own 64 streams, ABBA.
    let runs = 0;
    const streams = () =>
      Array.from({ length: options.writers }, (_, w) =>
        Array.from({ length: STREAMS_PER_WRITER }, (_, s) => ({
          userId: `em${runs}-w${w}-s${s}-${randomUUID().slice(0, 8)}`,
          version: -1,
        })),
      );
    const oursAppends = (seconds: number) => {
      const mine = streams();
      runs++;
      return runFor(seconds, options.writers, async (w, i) => {
        const stream = mine[w]![i % STREAMS_PER_WRITER]!;
        const result = await store.append(
          `credits-${stream.userId}`,
          [grantEvent(stream.userId)],
          stream.version < 0 ? 'no_stream' : stream.version,
        );
        stream.version = result.nextExpectedVersion;
      });
    };
    const emmettAppends = (seconds: number) => {
      const mine = streams();
      runs++;
      return runFor(seconds, options.writers, async (w, i) => {
        const stream = mine[w]![i % STREAMS_PER_WRITER]!;
        const event = grantEvent(stream.userId);
        const result = await emmett.appendToStream(
          `credits-${stream.userId}`,
          [
            {
              type: event.type,
              data: event.data as Record<string, unknown>,
              metadata: event.metadata,
            },
          ],
          {
            expectedStreamVersion:
              stream.version < 0 ? STREAM_DOES_NOT_EXIST : BigInt(stream.version),
          },
        );
        stream.version = Number(result.nextExpectedStreamVersion);
      });
    };
    await oursAppends(options.warmupSeconds);
    await emmettAppends(options.warmupSeconds);
    const half = options.appendSeconds / 2;
    const ours1 = await oursAppends(half);
    const emmett1 = await emmettAppends(half);
    const emmett2 = await emmettAppends(half);
    const ours2 = await oursAppends(half);
    const oursAppend = combineRuns([ours1, ours2]);
    const emmettAppend = combineRuns([emmett1, emmett2]);
    const appendRatio = oursAppend.rate / emmettAppend.rate;
    block(
      [
        ['ours: PostgresEventStore.append', runLine(oursAppend, ' appends/s')],
        ['Emmett: appendToStream', runLine(emmettAppend, ' appends/s')],
        ['ratio ours / Emmett', fmtRatio(appendRatio)],
      ],
      {
        measurement: '4 vs Emmett',
        figure: `appends, ${options.writers} writers`,
        value: fmtRate(oursAppend.rate),
        baseline: `Emmett ${fmtRate(emmettAppend.rate)}`,
        ratio: fmtRatio(appendRatio),
        pass: null,
      },
    );

    // 4b: hold + capture on fresh accounts, each granted 1,000,000 credits first.
    const ledger = createLedger(store, snapshots);
    const freshOurs = Array.from(
      { length: FRESH_ACCOUNTS },
      (_, i) => `emo-${i}-${randomUUID().slice(0, 8)}`,
    );
    const freshEmmett = Array.from(
      { length: FRESH_ACCOUNTS },
      (_, i) => `eme-${i}-${randomUUID().slice(0, 8)}`,
    );
    await forEachLimit(freshOurs, options.inFlight, (userId) =>
      ledger.credits
        .handle(creditStreamId(userId), grant(userId), meta(userId, `migrate:${userId}`))
        .then(() => undefined),
    );
    await forEachLimit(freshEmmett, options.inFlight, (userId) =>
      emmettCommand(emmett, userId, grant(userId), meta(userId, `migrate:${userId}`)),
    );
    // Ours with CPU and WAL per cycle counted (its pool's backends only), to tell a slower host
    // from more work per cycle.
    const counted: Record<string, CpuCounted> = {};
    const countedRun = async (label: string, run: () => Promise<RunResult>) => {
      const stop = await startCpuCount(pool, OURS_APPLICATION);
      const result = await run();
      const cpu = await stop(result.ops);
      const sum = (counted[label] ??= noCpuCounted(0));
      sum.backend += cpu.backendWrites;
      sum.checkpoints += cpu.checkpoints;
      sum.buffers += cpu.checkpointBuffers;
      sum.ops += result.ops;
      sum.node += cpu.nodeUs * result.ops;
      sum.pg += cpu.pgUs * result.ops;
      sum.wal += cpu.walBytes * result.ops;
      return result;
    };
    const cpuOf = (label: string): CpuPerOp => {
      const sum = counted[label] ?? noCpuCounted(1);
      return {
        nodeUs: sum.node / sum.ops,
        pgUs: sum.pg / sum.ops,
        walBytes: sum.wal / sum.ops,
        checkpoints: sum.checkpoints,
        checkpointBuffers: sum.buffers,
        backendWrites: sum.backend,
      };
    };
    const oursFreshRun = (seconds: number) =>
      countedRun('fresh', () =>
        cycles(freshOurs, seconds, options.inFlight, (userId) =>
          holdAndCaptureOurs(ledger, userId),
        ),
      );
    const emmettFreshRun = (seconds: number) =>
      cycles(freshEmmett, seconds, options.inFlight, (userId) =>
        holdAndCaptureEmmett(emmett, userId),
      );
    await oursFreshRun(Math.min(1, options.warmupSeconds));
    delete counted.fresh;
    await emmettFreshRun(Math.min(1, options.warmupSeconds));
    const commandHalf = options.commandSeconds / 2;
    const oursFreshA = await oursFreshRun(commandHalf);
    const emmettFreshA = await emmettFreshRun(commandHalf);
    const emmettFreshB = await emmettFreshRun(commandHalf);
    const oursFreshB = await oursFreshRun(commandHalf);
    const oursFreshAll = combineRuns([oursFreshA, oursFreshB]);
    const emmettFresh = combineRuns([emmettFreshA, emmettFreshB]);
    const freshRatio = oursFreshAll.rate / emmettFresh.rate;
    note(
      `${fmt(FRESH_ACCOUNTS)} fresh accounts each; a cycle is HoldCredits then CaptureHold on one account`,
    );
    block(
      [
        ['ours, fresh accounts', runLine(oursFreshAll, ' cycles/s')],
        ['ours, fresh accounts', cpuLine(cpuOf('fresh'), 'cycle')],
        ['Emmett, fresh accounts', runLine(emmettFresh, ' cycles/s')],
        ['ratio ours / Emmett', fmtRatio(freshRatio)],
      ],
      {
        measurement: '4 vs Emmett',
        figure: `hold+capture, ${fmt(FRESH_ACCOUNTS)} fresh accounts`,
        value: fmtRate(oursFreshAll.rate),
        baseline: `Emmett ${fmtRate(emmettFresh.rate)}`,
        ratio: fmtRatio(freshRatio),
        target: `ratio >= ${EMMETT_FRESH_TARGET}`,
        pass: freshRatio >= EMMETT_FRESH_TARGET,
      },
    );

    // 4c: the same cycles on accounts with 2,000 events of history.
    await createSeedFunctions(pool);
    const oursSeed = await timed(() =>
      seedAccountHistories(pool, HISTORY_ACCOUNTS, HISTORY_EVENTS, 'emhist'),
    );
    await pool.query('ANALYZE events');
    const historyOurs = Array.from(
      { length: HISTORY_ACCOUNTS },
      (_, i) => `emhist-${String(i).padStart(4, '0')}`,
    );
    const historyEmmett = Array.from({ length: HISTORY_ACCOUNTS }, (_, i) => `emmett-hist-${i}`);
    const emmettSeed = await timed(() =>
      forEachLimit(historyEmmett, 4, async (userId) => {
        const events = historyEvents(userId, HISTORY_EVENTS);
        let version = -1;
        for (let start = 0; start < events.length; start += 1_000) {
          const result = await emmett.appendToStream(
            creditStreamId(userId),
            events.slice(start, start + 1_000),
            {
              expectedStreamVersion: version < 0 ? STREAM_DOES_NOT_EXIST : BigInt(version),
            },
          );
          version = Number(result.nextExpectedStreamVersion);
        }
      }),
    );
    note(
      `seeded ${fmt(HISTORY_ACCOUNTS)} × ${fmt(HISTORY_EVENTS)}-event accounts in each store ` +
        `(ours by SQL in ${fmtMs(oursSeed.ms)}, Emmett by appendToStream in ${fmtMs(emmettSeed.ms)})`,
    );
    // Ours as the API runs: snapshots and a state cache, each account loaded once before the runs
    // (section 2 reports the cold first load). Emmett's handler reads all 2,000 events per command.
    const restarted = createLedger(store, snapshots);
    await forEachLimit(historyOurs, options.inFlight, async (userId) => {
      await restarted.credits.read(creditStreamId(userId));
    });
    const oursHistoryRun = (seconds: number) =>
      countedRun('history', () =>
        cycles(historyOurs, seconds, options.inFlight, (userId) =>
          holdAndCaptureOurs(restarted, userId),
        ),
      );
    const emmettHistoryRun = (seconds: number) =>
      cycles(historyEmmett, seconds, options.inFlight, (userId) =>
        holdAndCaptureEmmett(emmett, userId),
      );
    // Ours on fresh accounts again, each half next to a history half: the history/fresh ratio
    // compares runs made in the same conditions. Measured before the seeds (4b), the fresh rate
    // missed what the history runs meet after them: 400,000 seeded rows and Emmett's history runs
    // (2,000-event reads per command) evicting the pages and promoting the garbage ours then meets.
    const oursFreshBesideRun = (seconds: number) =>
      countedRun('fresh beside history', () =>
        cycles(freshOurs, seconds, options.inFlight, (userId) =>
          holdAndCaptureOurs(ledger, userId),
        ),
      );
    const oursHistoryA = await oursHistoryRun(commandHalf);
    const oursFreshC = await oursFreshBesideRun(commandHalf);
    const emmettHistoryA = await emmettHistoryRun(commandHalf);
    const emmettHistoryB = await emmettHistoryRun(commandHalf);
    const oursFreshD = await oursFreshBesideRun(commandHalf);
    const oursHistoryB = await oursHistoryRun(commandHalf);
    const oursHistory = combineRuns([oursHistoryA, oursHistoryB]);
    const oursFreshBeside = combineRuns([oursFreshC, oursFreshD]);
    const emmettHistory = combineRuns([emmettHistoryA, emmettHistoryB]);
    const historyRatio = oursHistory.rate / oursFreshBeside.rate;
    block(
      [
        [
          `ours, ${fmt(HISTORY_EVENTS)}-event accounts (loaded once)`,
          runLine(oursHistory, ' cycles/s'),
        ],
        [`ours, ${fmt(HISTORY_EVENTS)}-event accounts`, cpuLine(cpuOf('history'), 'cycle')],
        [`Emmett, ${fmt(HISTORY_EVENTS)}-event accounts`, runLine(emmettHistory, ' cycles/s')],
        ['ratio ours / Emmett', fmtRatio(oursHistory.rate / emmettHistory.rate)],
        ['ours, fresh accounts beside them', runLine(oursFreshBeside, ' cycles/s')],
        ['ours, fresh accounts beside them', cpuLine(cpuOf('fresh beside history'), 'cycle')],
        [
          'ours: halves history / fresh (run order H F E E F H)',
          `${fmtRate(oursHistoryA.rate)}, ${fmtRate(oursHistoryB.rate)} / ${fmtRate(oursFreshC.rate)}, ${fmtRate(oursFreshD.rate)}`,
        ],
        [
          'ours: history / fresh measured before the seeds (4b)',
          fmtRatio(oursHistory.rate / oursFreshAll.rate),
        ],
        ['ours: history / fresh beside them', fmtRatio(historyRatio)],
      ],
      {
        measurement: '4 vs Emmett',
        figure: `hold+capture, ${fmt(HISTORY_EVENTS)}-event accounts, ours / ours fresh`,
        value: fmtRate(oursHistory.rate),
        baseline: `ours fresh ${fmtRate(oursFreshBeside.rate)}; Emmett ${fmtRate(emmettHistory.rate)}`,
        ratio: fmtRatio(historyRatio),
        target: `ratio >= ${EMMETT_HISTORY_TARGET}`,
        pass: historyRatio >= EMMETT_HISTORY_TARGET,
      },
    );
    return { appendRatio, freshRatio, historyRatio };
  } finally {
    await emmett.close().catch(() => undefined);
    await store.close();
    await pool.end();
  }
}

/** CPU, WAL and write counts summed over one label's runs (sums weighted by ops). */
interface CpuCounted {
  ops: number;
  node: number;
  pg: number;
  wal: number;
  checkpoints: number;
  buffers: number;
  backend: number;
}

/** Nothing counted yet; `ops` 1 for a label that never ran, so its per-op figures read 0. */
const noCpuCounted = (ops: number): CpuCounted => ({
  ops,
  node: 0,
  pg: 0,
  wal: 0,
  checkpoints: 0,
  buffers: 0,
  backend: 0,
});
