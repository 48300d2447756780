import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMigrations, PostgresEventStore, type NewEvent } from '@app/ledger';
import { createTestDatabase, type TestDatabase } from '@app/ledger/testing/test-database';
import { projectionMigrations } from '../migrations';
import { installMissingProjections } from '../runtime/ensure-projections';
import { ProjectionRunner } from '../runtime/projection-runner';
import { rebuildProjections } from '../runtime/rebuild';
import { dumpProjection } from '../testing/dump';
import { generationHistoryProjection } from './generation-history.projection';

// The bulk fill folds a regular generation (each type that sets a column once, one user id) by
// one aggregate and an irregular one by its events in log order: both must leave the rows the
// batch fold leaves, whatever order the types come in.

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString();

function event(type: string, data: Record<string, unknown>): NewEvent {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      occurredAt: at(0),
      actor: { kind: 'system', id: 'generation-history-spec' },
      reason: 'regular and irregular generations',
      correlationId: randomUUID(),
      causationId: null,
      idempotencyKey: randomUUID(),
      schemaVersion: 1,
    },
  };
}

const requested = (style: string, minute: number) =>
  [
    'GenerationRequested',
    { style, provider: 'local', reservationId: `r-${minute}`, requestedAt: at(minute) },
  ] as const;
const submitted = (predictionId: string, minute: number) =>
  ['GenerationSubmitted', { predictionId, submittedAt: at(minute) }] as const;
const succeeded = (resultKey: string, minute: number) =>
  ['GenerationSucceeded', { resultKey, completedAt: at(minute) }] as const;
const failed = (errorCode: string, minute: number) =>
  [
    'GenerationFailed',
    { errorCode, errorMessage: `${errorCode} message`, completedAt: at(minute) },
  ] as const;
const expired = (minute: number) => ['GenerationResultExpired', { expiredAt: at(minute) }] as const;
const deleted = (minute: number) => ['GenerationDeleted', { deletedAt: at(minute) }] as const;
const shared = (minute: number) =>
  [
    'GenerationShared',
    { shareId: `s-${minute}`, includesOriginal: false, sharedAt: at(minute) },
  ] as const;

type Step = readonly [string, Record<string, unknown>];

/** Each generation's events, appended one stream at a time, by the user named or `user-1`. */
const GENERATIONS: Record<string, readonly (Step | readonly [Step, string])[]> = {
  'regular-expired': [
    requested('a', 1),
    submitted('p', 2),
    succeeded('k', 3),
    expired(4),
    deleted(5),
  ],
  'regular-expired-first': [expired(1), succeeded('k', 2)],
  'regular-failed-then-succeeded': [requested('a', 1), failed('E1', 2), succeeded('k', 3)],
  'regular-succeeded-then-failed': [succeeded('k', 1), failed('E1', 2), requested('a', 3)],
  'regular-shared-only': [shared(1), shared(2)],
  'irregular-resubmitted': [
    requested('a', 1),
    submitted('p1', 2),
    submitted('p2', 3),
    failed('E1', 4),
    succeeded('k', 5),
  ],
  'irregular-requested-twice': [
    requested('a', 1),
    succeeded('k', 2),
    requested('b', 3),
    failed('E2', 4),
  ],
  'irregular-succeeded-expired-succeeded': [
    succeeded('k1', 1),
    expired(2),
    succeeded('k2', 3),
    expired(4),
    succeeded('k3', 5),
  ],
  'irregular-users': [[shared(1), 'user-2'], requested('a', 2), succeeded('k', 3)],
  // Neither finished: pending once requested, unknown when only submitted.
  'irregular-requested-twice-pending': [requested('a', 1), requested('b', 2)],
  'irregular-submitted-twice-unknown': [submitted('p1', 1), submitted('p2', 2)],
};

describe('generation_history bulk fill', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase([ledgerMigrations, projectionMigrations]);
    store = new PostgresEventStore(database.pool);
    for (const [generationId, steps] of Object.entries(GENERATIONS)) {
      const events = steps.map((step) => {
        const [[type, data], userId] =
          typeof step[1] === 'string'
            ? (step as readonly [Step, string])
            : [step as Step, 'user-1'];
        return event(type, { generationId, userId, ...data });
      });
      await store.append(`generation-${generationId}`, events, 'any');
    }
    await installMissingProjections(database.pool, [generationHistoryProjection]);
    await new ProjectionRunner(database.pool, store, [generationHistoryProjection], {
      batchSize: 3,
    }).runUntilCaughtUp();
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('leaves the rows of the batch fold for regular and irregular generations', async () => {
    const live = await dumpProjection(database.pool, generationHistoryProjection);
    expect(live.generation_history).toHaveLength(Object.keys(GENERATIONS).length);
    await rebuildProjections(database.pool, store, [generationHistoryProjection]);
    expect(await dumpProjection(database.pool, generationHistoryProjection)).toEqual(live);
  });

  it('takes the last value of a repeated type and the first event user', async () => {
    // Rows the fill wrote, whatever ran before.
    await rebuildProjections(database.pool, store, [generationHistoryProjection]);
    const rows = await database.pool.query<Record<string, string | null>>(
      `SELECT generation_id, user_id, style, status, prediction_id, result_key, error_code
       FROM generation_history WHERE generation_id LIKE 'irregular-%' ORDER BY generation_id`,
    );
    expect(rows.rows).toEqual([
      {
        generation_id: 'irregular-requested-twice',
        user_id: 'user-1',
        style: 'b',
        status: 'failed',
        prediction_id: null,
        result_key: 'k',
        error_code: 'E2',
      },
      {
        generation_id: 'irregular-requested-twice-pending',
        user_id: 'user-1',
        style: 'b',
        status: 'pending',
        prediction_id: null,
        result_key: null,
        error_code: null,
      },
      {
        generation_id: 'irregular-resubmitted',
        user_id: 'user-1',
        style: 'a',
        status: 'succeeded',
        prediction_id: 'p2',
        result_key: 'k',
        error_code: 'E1',
      },
      {
        generation_id: 'irregular-submitted-twice-unknown',
        user_id: 'user-1',
        style: null,
        status: 'unknown',
        prediction_id: 'p2',
        result_key: null,
        error_code: null,
      },
      {
        generation_id: 'irregular-succeeded-expired-succeeded',
        user_id: 'user-1',
        style: null,
        status: 'succeeded',
        prediction_id: null,
        result_key: 'k3',
        error_code: null,
      },
      {
        generation_id: 'irregular-users',
        user_id: 'user-2',
        style: 'a',
        status: 'succeeded',
        prediction_id: null,
        result_key: 'k',
        error_code: null,
      },
    ]);
  });
});
