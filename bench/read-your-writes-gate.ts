// Read-your-writes with the projections in a worker (PROJECTIONS_MODE=worker): how long after a
// command's append the API's wait for the read models answers, waking on the worker's checkpoint
// notifications (CheckpointWatch) or polling with the back-off alone (5, 10, 20 … 100 ms).
// The worker (a ProjectionRunner on its own storage, as `projections worker` runs it) and the API
// side (a second storage) share one scratch database; modes alternate per command. Prints p50 and
// p90 per mode. Needs DATABASE_URL's server (default local).
//   npx tsx bench/read-your-writes-gate.ts [--runs=100]
import { creditStreamId, openLedgerStorage } from '@app/ledger';
import { createScratchDatabase } from '@app/ledger/testing/scratch-database';
import {
  allProjections,
  CheckpointWatch,
  ensureProjections,
  ProjectionRunner,
  projectionMigrations,
  waitForProjections,
} from '@app/projections';
import { SETTLEMENT_READ_MODELS } from '../api/src/generation/generation-settlement';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 100);
const scratch = await createScratchDatabase(serverUrl, 'bench_gate');
const open = (applicationName: string) =>
  openLedgerStorage({
    databaseUrl: scratch.url,
    dataDir: '/nonexistent',
    applicationName,
    migrations: [projectionMigrations],
  });
const worker = await open('bench-worker');
const api = await open('bench-api');
await ensureProjections(worker.database.pool, worker.store, allProjections);
const runner = new ProjectionRunner(worker.database.pool, worker.store, allProjections);
runner.start();
const watch = new CheckpointWatch(scratch.url);
await watch.start();
const timings: Record<'notified' | 'polled', number[]> = { notified: [], polled: [] };
try {
  for (let i = 0; i < RUNS * 2; i++) {
    const mode = (i + Math.floor(i / 2)) % 2 === 0 ? 'notified' : 'polled'; // ABBA
    const { position } = await api.ledger.credits.handle(
      creditStreamId('user-1'),
      {
        type: 'GrantCredits',
        data: {
          userId: 'user-1',
          grantId: `g-${i}`,
          amount: 1,
          source: 'goodwill',
          expiresAt: null,
        },
      },
      {
        now: new Date(),
        actor: { kind: 'system', id: 'bench' },
        reason: 'bench',
        correlationId: 'bench',
        idempotencyKey: `g-${i}`,
      },
    );
    const started = performance.now();
    const reached = await waitForProjections(
      api.database.pool,
      position!,
      SETTLEMENT_READ_MODELS,
      10_000,
      mode === 'notified' ? watch : undefined,
    );
    if (!reached) throw new Error('the read models did not catch up in 10 s');
    timings[mode].push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
} finally {
  await watch.close();
  await runner.stop();
  await api.close();
  await worker.close();
  await scratch.drop();
}
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((p / 100) * values.length))
  ]!;
for (const mode of ['polled', 'notified'] as const)
  console.log(
    `${mode.padEnd(9)} append → read models caught up: p50 ${percentile(timings[mode], 50).toFixed(1)} ms, p90 ${percentile(timings[mode], 90).toFixed(1)} ms (${RUNS} commands)`,
  );
console.log(
  `ratio notified / polled: p50 ${(percentile(timings.notified, 50) / percentile(timings.polled, 50)).toFixed(2)}, p90 ${(percentile(timings.notified, 90) / percentile(timings.polled, 90)).toFixed(2)}`,
);
