// The settlement's read-your-writes wait, alone and in one process: capture the hold, record the
// generation completed, then wait for the read models, as GenerationSettlement does after the
// image service. Alternates waiting for every live projection (the earlier behaviour) with waiting
// for the ones the user reads next (SETTLEMENT_READ_MODELS). Prints p50 and p90 wall per
// settlement and their ratio. Needs DATABASE_URL's server (default local).
// `--slow=<projection>:<ms>` makes one projection's batches that many ms slower (pg_sleep in its
// transaction, as a struggling read model would be); `--failing=<projection>` makes its batches
// fail (the runner retries it later). Waits time out after READ_YOUR_WRITES_TIMEOUT_MS's default.
import {
  createLedger,
  creditStreamId,
  generationStreamId,
  ledgerMigrations,
  PostgresEventStore,
} from '@app/ledger';
import { createTestDatabase } from '@app/ledger/testing/test-database';
import {
  allProjections,
  installMissingProjections,
  ProjectionRunner,
  projectionMigrations,
  type Projection,
} from '@app/projections';
import { SETTLEMENT_READ_MODELS } from '../api/src/generation/generation-settlement';
import { benchMeta, holdAndRequest } from './lib/bench-generation';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 60);
const database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
const store = new PostgresEventStore(database.pool);
const ledger = createLedger(store);
const [slowName, slowMs] = (
  process.argv.find((a) => a.startsWith('--slow='))?.slice(7) ?? ':0'
).split(':');
const failingName = process.argv.find((a) => a.startsWith('--failing='))?.slice(10);
const projections: Projection[] = allProjections.map((projection) => {
  if (projection.name === failingName)
    return { ...projection, apply: () => Promise.reject(new Error('broken read model')) };
  if (projection.name !== slowName) return projection;
  return {
    ...projection,
    async apply(client, events, table) {
      await client.query('SELECT pg_sleep($1)', [Number(slowMs) / 1000]);
      await projection.apply(client, events, table);
    },
  };
});
const TIMEOUT_MS = 5_000;
await installMissingProjections(database.pool, projections);
const runner = new ProjectionRunner(database.pool, store, projections);
runner.start();

const meta = benchMeta;
const userId = 'settle-bench-user';
await ledger.credits.handle(
  creditStreamId(userId),
  {
    type: 'GrantCredits',
    data: { userId, grantId: 'g', amount: 100_000, source: 'goodwill', expiresAt: null },
  },
  meta('grant'),
);

let n = 0;
async function settle(readModels: readonly string[] | undefined) {
  const id = `00000000-0000-4000-a000-${String(++n).padStart(12, '0')}`;
  const deadline = new Date(Date.now() + 3_600_000);
  const requested = await holdAndRequest(ledger, userId, id, deadline);
  // Every read model has the request before the image service answers.
  await runner.waitFor(requested.position!, TIMEOUT_MS, SETTLEMENT_READ_MODELS);
  const started = performance.now();
  const captured = await ledger.credits.handle(
    creditStreamId(userId),
    { type: 'CaptureHold', data: { userId, reservationId: id } },
    meta(`capture:${id}`),
  );
  const completed = await ledger.generations.handle(
    generationStreamId(id),
    {
      type: 'CompleteGeneration',
      data: { generationId: id, userId, resultKey: `results/${id}.png` },
    },
    meta(`completed:${id}`),
  );
  await Promise.all(
    [captured.position, completed.position].map((position) =>
      runner.waitFor(position!, TIMEOUT_MS, readModels),
    ),
  );
  return performance.now() - started;
}

const times: Record<string, number[]> = { every: [], named: [] };
for (let i = 0; i < 5; i++) await settle(undefined);
for (let i = 0; i < RUNS; i++) {
  times.every!.push(await settle(undefined));
  times.named!.push(await settle(SETTLEMENT_READ_MODELS));
}
const p = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * values.length)] ?? NaN;
console.log(
  `\nSettlement wait (capture + completed + read-your-writes), ${RUNS} alternated runs each${slowName ? `; ${slowName} slowed by ${slowMs} ms per batch` : ''}${failingName ? `; ${failingName} failing` : ''}`,
);
for (const [name, values] of Object.entries(times))
  console.log(
    `${name === 'every' ? 'every live projection (before)' : `the read models the user reads (${SETTLEMENT_READ_MODELS.length} of ${allProjections.length})`}: p50 ${p(values, 0.5).toFixed(1)} ms, p90 ${p(values, 0.9).toFixed(1)} ms`,
  );
console.log(`ratio p50 ${(p(times.named!, 0.5) / p(times.every!, 0.5)).toFixed(2)}`);
await runner.stop();
await store.close();
await database.close();
