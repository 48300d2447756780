import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLedgerStorage, type LedgerStorage } from '@app/ledger';
import {
  attributeOf,
  startOtlpReceiver,
  type ReceivedSpan,
} from '@app/ledger/testing/otlp-receiver';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { projectionMigrations } from './migrations';
import { allProjections } from './registry';
import { seedLedger } from './testing/seed-ledger';

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function until<T>(find: () => T | undefined, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!process.env.DATABASE_URL)('the projections worker, traced', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let database: TestDatabase;
  let storage: LedgerStorage;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    database = await createTestDatabase();
    storage = await openLedgerStorage({
      databaseUrl: database.connectionString,
      dataDir: '.data',
      migrations: [projectionMigrations],
      poolSize: 2,
    });
  }, 60_000);
  afterAll(async () => {
    await storage?.close();
    await database?.close();
    await receiver?.close();
  });

  it('exports one trace per batch a projection applies, named, counted and with its lag', async () => {
    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', 'projections/src/cli/main.ts', 'worker'],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: database.connectionString,
          LOG_LEVEL: 'info',
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_BSP_SCHEDULE_DELAY: '200',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    worker.stdout.on('data', (chunk) => (output += chunk));
    worker.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
    try {
      await until(
        () => (/projections worker active/.test(output) ? true : undefined),
        `active worker\n${output}`,
        90_000,
      );
      await seedLedger(storage.ledger, 2, 1);

      // Every live projection applies every batch (moving its checkpoint past events of other
      // types too): a span each.
      const batchOf = (name: string) =>
        receiver.spans.find(
          (span) =>
            span.name === 'projection.batch' && attributeOf(span, 'projection.name') === name,
        );
      const batches: ReceivedSpan[] = [];
      for (const projection of allProjections)
        batches.push(await until(() => batchOf(projection.name), `batch of ${projection.name}`));
      // The seeded history has credits and generations: those projections applied some.
      const applied = (name: string) =>
        receiver.spans.some(
          (span) =>
            span.name === 'projection.batch' &&
            attributeOf(span, 'projection.name') === name &&
            Number(attributeOf(span, 'projection.events_applied')) > 0,
        );
      await until(
        () => (applied('credit_balances') && applied('generation_history') ? true : undefined),
        'batch that applied credit and generation events',
      );
      for (const batch of batches) {
        expect(batch.service).toBe('stylised-projections');
        // A trace of its own: the runner is not inside any request.
        expect(batch.parentSpanId ?? '').toBe('');
        expect(Number(attributeOf(batch, 'projection.events'))).toBeGreaterThanOrEqual(
          Number(attributeOf(batch, 'projection.events_applied')),
        );
        expect(attributeOf(batch, 'projection.version')).toBeGreaterThanOrEqual(1);
        // The seeded events happened on 2026-01-01: the batch applied them that far behind.
        expect(attributeOf(batch, 'projection.lag_seconds')).toBeGreaterThan(3600);
        expect(attributeOf(batch, 'projection.to')).toBeTypeOf('string');
        // The batch's Postgres work is inside it.
        const inside = receiver.spans.filter((span) => span.traceId === batch.traceId);
        expect(inside.some((span) => span.name.startsWith('pg '))).toBe(true);
      }
      expect(new Set(batches.map((batch) => batch.traceId)).size).toBe(batches.length);
    } finally {
      worker.kill('SIGTERM');
      await exited;
    }
    // SIGTERM: the runner stops at a batch boundary and the last spans are flushed.
    expect(worker.exitCode, output).toBe(0);
  }, 180_000);
});
