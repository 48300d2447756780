// The work after the image service, step by step and in one process: store the PNG, capture the
// hold, record the generation completed, then the row, the upload's removal and the read-your-
// writes wait together, as GenerationSettlement.deliver does (the real ledger, projection runner,
// local blob store and repository on a scratch database). Also when the projection runner read the
// completed event (after the append returned: it was still applying the step that brought the
// capture) and how long from that read to the answer. Prints p50 / p90 wall per step and the
// process's CPU per delivery. `npx tsx bench/generate-deliver-steps.ts --runs=100`. Needs
// DATABASE_URL's server (default local).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
} from '@app/projections';
import { apiMigrations } from '../api/src/migrations';
import { inProcessGate } from '../api/src/composition/projections-gate';
import { GenerationRepository } from '../api/src/generation/generation-repository';
import { GenerationSettlement } from '../api/src/generation/generation-settlement';
import { LocalDiskBlobStore } from '../api/src/storage/local-disk-blob-store';
import { benchMeta, holdAndRequest } from './lib/bench-generation';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 40);
const database = await createTestDatabase([ledgerMigrations, projectionMigrations, apiMigrations]);
const store = new PostgresEventStore(database.pool);
const ledger = createLedger(store);
await installMissingProjections(database.pool, allProjections);
/** When the runner's read that brought each event type began and ended (this delivery's). */
let reads: Record<string, { started: number; ended: number }> = {};
const runnerStore = Object.assign(Object.create(store) as PostgresEventStore, {
  readAll: async (...args: Parameters<PostgresEventStore['readAll']>) => {
    const started = performance.now();
    const batch = await store.readAll(...args);
    const ended = performance.now();
    for (const event of batch) reads[event.type] ??= { started, ended };
    return batch;
  },
});
const runner = new ProjectionRunner(database.pool, runnerStore, allProjections);
runner.start();
const blobRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'deliver-steps-'));
const blobs = new LocalDiskBlobStore(blobRoot);
const repository = new GenerationRepository(database.pool);

/** Each step's wall time, from wrappers around what deliver calls. */
const steps: Record<string, number[]> = {};
let current: Record<string, number> = {};
const timed = <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  return work().finally(() => {
    current[name] = (current[name] ?? 0) + performance.now() - started;
  });
};
const timedBlobs = {
  ...blobs,
  put: (key: string, data: Buffer) => timed('1 blob put', () => blobs.put(key, data)),
  delete: (key: string) => timed('drop upload', () => blobs.delete(key)),
  get: blobs.get.bind(blobs),
  exists: blobs.exists.bind(blobs),
} as unknown as LocalDiskBlobStore;
const gate = inProcessGate(runner, 5_000);
const timedGate = {
  waitFor: (...args: Parameters<typeof gate.waitFor>) =>
    timed('wait (sum of both)', () => gate.waitFor(...args)),
};
const credits = ledger.credits;
const generations = ledger.generations;
const timedLedger = {
  ...ledger,
  credits: {
    ...credits,
    handle: (...args: Parameters<typeof credits.handle>) =>
      timed('2 capture', () => credits.handle(...args)),
  },
  generations: {
    ...generations,
    handle: (...args: Parameters<typeof generations.handle>) =>
      timed('3 completed', () => generations.handle(...args)).finally(
        () => (completedAt = performance.now()),
      ),
  },
} as typeof ledger;
const timedRepository = Object.assign(Object.create(repository) as GenerationRepository, {
  complete: (...args: Parameters<GenerationRepository['complete']>) =>
    timed('row', () => repository.complete(...args)),
});
const settlement = new GenerationSettlement(timedLedger, timedRepository, timedBlobs, timedGate);

const meta = benchMeta;
const userId = '00000000-0000-4000-a000-00000000beef';
await database.pool
  .query(
    `INSERT INTO users (id, email, username, password_hash) VALUES ($1, 'steps@example.com', 'steps', 'x')`,
    [userId],
  )
  .catch(() => undefined);
await ledger.credits.handle(
  creditStreamId(userId),
  {
    type: 'GrantCredits',
    data: { userId, grantId: 'g', amount: 100_000, source: 'goodwill', expiresAt: null },
  },
  meta('grant'),
);
const png = Buffer.alloc(1_400_000, 7);

let n = 0;
let completedAt = 0;
async function deliverOnce() {
  const id = `00000000-0000-4000-a000-${String(++n).padStart(12, '0')}`;
  const request = (await repository.create({
    id,
    userId,
    style: 'ghibli',
    prompt: '',
    idempotencyKey: null,
    provider: 'local',
    deadline: new Date(Date.now() + 3_600_000),
    uploadKey: `uploads/${id}.jpg`,
  }))!;
  await blobs.put(request.uploadKey!, Buffer.alloc(300_000, 1));
  const requested = await holdAndRequest(ledger, userId, id, request.deadline);
  await ledger.generations.handle(
    generationStreamId(id),
    { type: 'RecordSubmission', data: { generationId: id, userId, predictionId: `p-${id}` } },
    meta(`submitted:${id}`),
  );
  await runner.waitFor(requested.position!, 5_000);
  await new Promise((resolve) => setTimeout(resolve, 20));
  current = {};
  reads = {};
  const cpu = process.cpuUsage();
  const started = performance.now();
  const delivered = await settlement.deliver(request, png, {
    actor: { kind: 'user', id: userId },
    correlationId: 'bench',
  });
  current.total = performance.now() - started;
  const capturedRead = reads.CreditsSpent;
  const completedRead = reads.GenerationSucceeded;
  if (capturedRead && completedRead) {
    // > 0: the runner was still busy with the step that brought the capture.
    current['5 completed → runner reads it'] = completedRead.started - completedAt;
    current['6 runner read → answered'] = started + current.total - completedRead.ended;
    current['7 same runner read'] = capturedRead === completedRead ? 1 : 0;
  }
  current['4 row, drop, wait'] =
    current.total -
    (current['1 blob put'] ?? 0) -
    (current['2 capture'] ?? 0) -
    (current['3 completed'] ?? 0);
  const used = process.cpuUsage(cpu);
  current['cpu (process)'] = (used.user + used.system) / 1000;
  if (delivered?.status !== 'succeeded') throw new Error('not delivered');
  return current;
}

for (let i = 0; i < 5; i++) await deliverOnce();
for (let i = 0; i < RUNS; i++) {
  for (const [name, ms] of Object.entries(await deliverOnce())) (steps[name] ??= []).push(ms);
}
const p = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * values.length)] ?? NaN;
console.log(`\ndeliver() step by step, ${RUNS} runs (steps after "3 completed" run together)`);
for (const [name, values] of Object.entries(steps).sort(([a], [b]) => a.localeCompare(b)))
  console.log(
    `${name.padEnd(30)} p50 ${p(values, 0.5).toFixed(2)} ms  p90 ${p(values, 0.9).toFixed(2)} ms`,
  );
await runner.stop();
await store.close();
await database.close();
await fs.rm(blobRoot, { recursive: true, force: true });
