import { componentLogger, type LedgerStorage, type Logger } from '@app/ledger';
import pg from 'pg';
import { ensureProjections } from './runtime/ensure-projections';
import type { Projection } from './runtime/projection';
import { ProjectionRunner } from './runtime/projection-runner';

const RUNNER_LOCK = 'projections-runner';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * The production projections worker: brings every projection to the current code's version
 * (blue/green), then runs the runner while it holds the advisory lock; other replicas stand by.
 * When the lock's connection is lost (the database restarted, the backend was terminated) the
 * lock is gone with it: the runner stops and the worker competes for the lock again.
 */
export async function runProjectionWorker(
  storage: LedgerStorage,
  projections: readonly Projection[],
  signal: AbortSignal,
  logger: Pick<Logger, 'info' | 'warn' | 'error'> = componentLogger('projections'),
): Promise<void> {
  while (!signal.aborted) {
    try {
      await holdLockAndRun(storage, projections, signal, logger);
    } catch (error) {
      logger.error({ err: error }, 'projections worker lost its lock connection; retrying');
      await sleep(1_000, signal);
    }
  }
}

async function holdLockAndRun(
  storage: LedgerStorage,
  projections: readonly Projection[],
  signal: AbortSignal,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<void> {
  const { database, store } = storage;
  const lost = new AbortController();
  let lostError: unknown = null;
  const lockClient = new pg.Client({
    connectionString: database.connectionString,
    application_name: 'projections-lock',
  });
  const onLost = (error?: unknown) => {
    lostError ??= error ?? new Error('lock connection ended');
    lost.abort();
  };
  lockClient.on('error', onLost);
  lockClient.on('end', () => onLost());
  const stop = AbortSignal.any([signal, lost.signal]);
  await lockClient.connect();
  try {
    while (!stop.aborted) {
      const { rows } = await lockClient.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [RUNNER_LOCK],
      );
      if (rows[0]?.locked) break;
      logger.info('another projections worker is active; standing by');
      await sleep(5_000, stop);
    }
    if (stop.aborted) return;
    logger.info('projections worker active');
    await ensureProjections(database.pool, store, projections, {
      onProgress: (p) =>
        p.phase !== 'filling' &&
        logger.info({ projection: p.name, version: p.version, phase: p.phase }, 'rebuild'),
    });
    const runner = new ProjectionRunner(database.pool, store, projections, { logger });
    runner.start();
    await new Promise<void>((resolve) =>
      stop.addEventListener('abort', () => resolve(), { once: true }),
    );
    await runner.stop();
  } finally {
    lockClient.removeListener('end', onLost);
    await lockClient.end().catch(() => undefined);
  }
  if (lostError && !signal.aborted) throw lostError;
}
