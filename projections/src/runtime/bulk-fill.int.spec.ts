import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedger,
  ledgerMigrations,
  PostgresEventStore,
  type EventStore,
  type NewEvent,
} from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { projectionMigrations } from '../migrations';
import { allProjections } from '../registry';
import { dumpProjection } from '../testing/dump';
import { seedLedger } from '../testing/seed-ledger';
import { installMissingProjections } from './ensure-projections';
import { ProjectionRunner } from './projection-runner';
import { rebuildProjections } from './rebuild';

// The read models Postgres fills set-wise in a rebuild must hold exactly the rows the batch folds
// hold after the same log: a seeded ledger plus streams that carry every event type they read,
// in orders the command handlers do not produce (a result that expires, links opened and closed,
// a generation that never was requested, credits expired while held and revoked).

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString();

function event(type: string, data: Record<string, unknown>, minute: number): NewEvent {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      occurredAt: at(minute),
      actor: { kind: 'system', id: 'bulk-fill-spec' },
      reason: 'every event type',
      correlationId: randomUUID(),
      causationId: null,
      idempotencyKey: randomUUID(),
      schemaVersion: 1,
    },
  };
}

async function appendEveryType(store: EventStore) {
  const userId = 'edge-user';
  const lot = { lotId: 'purchase-edge', amount: 5 };
  await store.append(
    'credits-edge-user',
    [
      event(
        'CreditsGranted',
        { userId, grantId: 'grant-edge', amount: 5, source: 'goodwill', expiresAt: null },
        1,
      ),
      event(
        'CreditsPurchased',
        {
          userId,
          purchaseId: 'purchase-edge',
          amount: 300,
          planId: 'pro',
          invoiceId: 'in_edge',
          amountPaidCents: 900,
          currency: 'usd',
          periodStart: at(0),
          periodEnd: at(60),
          expiresAt: at(60),
        },
        2,
      ),
      event(
        'CreditsReserved',
        {
          userId,
          reservationId: 'gen-edge-1',
          generationId: 'gen-edge-1',
          amount: 5,
          deadline: at(13),
          allocations: [lot],
        },
        3,
      ),
      event(
        'CreditsReleased',
        {
          userId,
          reservationId: 'gen-edge-1',
          generationId: 'gen-edge-1',
          amount: 5,
          allocations: [lot],
        },
        4,
      ),
      event(
        'CreditsReserved',
        {
          userId,
          reservationId: 'gen-edge-2',
          generationId: 'gen-edge-2',
          amount: 5,
          deadline: at(15),
          allocations: [{ lotId: 'grant-edge', amount: 5 }],
        },
        5,
      ),
      event(
        'CreditsSpent',
        {
          userId,
          reservationId: 'gen-edge-2',
          generationId: 'gen-edge-2',
          amount: 5,
          allocations: [{ lotId: 'grant-edge', amount: 5, funding: 'free', expiresAt: null }],
        },
        6,
      ),
      event(
        'CreditsRefunded',
        {
          userId,
          refundId: 'refund-edge',
          reservationId: 'gen-edge-2',
          amount: 5,
          lots: [{ lotId: 'refund-edge:grant-edge', amount: 5, funding: 'free', expiresAt: null }],
        },
        7,
      ),
      event(
        'CreditsReserved',
        {
          userId,
          reservationId: 'gen-edge-3',
          generationId: 'gen-edge-3',
          amount: 5,
          deadline: at(18),
          allocations: [lot],
        },
        8,
      ),
      event(
        'CreditsExpired',
        { userId, lotId: 'purchase-edge', amount: 5, funding: 'paid', reservationId: 'gen-edge-3' },
        9,
      ),
      event(
        'CreditsRevoked',
        {
          userId,
          lotId: 'purchase-edge',
          amount: 290,
          funding: 'paid',
          reference: 'ch_refund_edge',
        },
        10,
      ),
    ],
    'any',
  );
  const generation = (id: string) => ({ generationId: id, userId });
  await store.append(
    'generation-gen-edge-1',
    [
      event(
        'GenerationRequested',
        {
          ...generation('gen-edge-1'),
          style: 'pixar',
          provider: 'local',
          reservationId: 'gen-edge-1',
          requestedAt: at(3),
        },
        3,
      ),
      event(
        'GenerationSubmitted',
        { ...generation('gen-edge-1'), predictionId: 'pred-1', submittedAt: at(4) },
        4,
      ),
      event(
        'GenerationSucceeded',
        { ...generation('gen-edge-1'), resultKey: 'results/gen-edge-1.png', completedAt: at(5) },
        5,
      ),
      event(
        'GenerationShared',
        {
          ...generation('gen-edge-1'),
          shareId: 'share-1',
          includesOriginal: false,
          sharedAt: at(6),
        },
        6,
      ),
      event(
        'GenerationUnshared',
        { ...generation('gen-edge-1'), shareId: 'share-1', unsharedAt: at(7) },
        7,
      ),
      event(
        'GenerationShared',
        {
          ...generation('gen-edge-1'),
          shareId: 'share-2',
          includesOriginal: true,
          sharedAt: at(8),
        },
        8,
      ),
      event('GenerationResultExpired', { ...generation('gen-edge-1'), expiredAt: at(9) }, 9),
      event('GenerationDeleted', { ...generation('gen-edge-1'), deletedAt: at(10) }, 10),
    ],
    'any',
  );
  await store.append(
    'generation-gen-edge-2',
    [
      event(
        'GenerationSubmitted',
        { ...generation('gen-edge-2'), predictionId: 'pred-2', submittedAt: at(5) },
        5,
      ),
      event(
        'GenerationFailed',
        {
          ...generation('gen-edge-2'),
          errorCode: 'PROVIDER_FAILED',
          errorMessage: 'no',
          completedAt: at(6),
        },
        6,
      ),
      event(
        'GenerationRequested',
        {
          ...generation('gen-edge-2'),
          style: 'anime',
          provider: 'local',
          reservationId: 'gen-edge-2',
          requestedAt: at(7),
        },
        7,
      ),
    ],
    'any',
  );
}

describe('bulk fill of a rebuild', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    await seedLedger(createLedger(store), 10);
    await appendEveryType(store);
    await installMissingProjections(database.pool, allProjections);
    await new ProjectionRunner(database.pool, store, allProjections, {
      batchSize: 7,
    }).runUntilCaughtUp();
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  const filled = allProjections.filter((p) => p.bulkFill);

  it('reads a log that holds every event type of the read models it fills', async () => {
    const types = await database.pool.query<{ type: string }>('SELECT DISTINCT type FROM events');
    const present = new Set(types.rows.map((row) => row.type));
    expect(filled.map((p) => p.name).sort()).toEqual([
      'credit_balances',
      'credit_buckets',
      'credit_history',
      'generation_history',
    ]);
    for (const projection of filled)
      expect([...projection.eventTypes].filter((type) => !present.has(type))).toEqual([]);
  });

  it('leaves, row for row, what the batches of the live runner left', async () => {
    const live = await Promise.all(allProjections.map((p) => dumpProjection(database.pool, p)));
    const rebuilt = await rebuildProjections(database.pool, store, allProjections, {
      batchSize: 11,
    });
    expect(rebuilt.map((r) => r.name)).toEqual(allProjections.map((p) => p.name));
    const after = await Promise.all(allProjections.map((p) => dumpProjection(database.pool, p)));
    expect(after).toEqual(live);
    // And the batches alone (no bulk fill) agree with both.
    await rebuildProjections(database.pool, store, allProjections, { bulkFill: false });
    expect(await Promise.all(allProjections.map((p) => dumpProjection(database.pool, p)))).toEqual(
      live,
    );
  });

  it('continues in batches after the fill: later events land in the new version', async () => {
    await seedLedger(createLedger(store), 2, 2, new Date('2026-04-01T00:00:00Z'));
    await new ProjectionRunner(database.pool, store, allProjections).runUntilCaughtUp();
    const live = await Promise.all(filled.map((p) => dumpProjection(database.pool, p)));
    await rebuildProjections(database.pool, store, filled);
    expect(await Promise.all(filled.map((p) => dumpProjection(database.pool, p)))).toEqual(live);
  });
});
