import { componentLogger, type LedgerStorage, type Logger } from '@app/ledger';
import pg from 'pg';
import { ensureProjections } from './runtime/ensure-projections';
import type { Projection } from './runtime/projection';
import { ProjectionRunner } from './runtime/projection-runner';

const RUNNER_LOCK = 'projections-runner';

/**
 * The production projections worker: brings every projection to the current code's version
 * (blue/green), then runs the runner while it holds the advisory lock; other replicas stand by.
 */
export async function runProjectionWorker(
  storage: LedgerStorage,
  projections: readonly Projection[],
  signal: AbortSignal,
  logger: Pick<Logger, 'info' | 'warn' | 'error'> = componentLogger('projections'),
): Promise<void> {
  const { database, store } = storage;
  const lockClient = new pg.Client({ connectionString: database.connectionString });
  await lockClient.connect();
  try {
    while (!signal.aborted) {
      const { rows } = await lockClient.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [RUNNER_LOCK],
      );
      if (rows[0]?.locked) break;
      logger.info('another projections worker is active; standing by');
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    if (signal.aborted) return;
    logger.info('projections worker active');
    await ensureProjections(database.pool, store, projections, {
      onProgress: (p) =>
        p.phase !== 'filling' &&
        logger.info({ projection: p.name, version: p.version, phase: p.phase }, 'rebuild'),
    });
    const runner = new ProjectionRunner(database.pool, store, projections, { logger });
    runner.start();
    await new Promise<void>((resolve) =>
      signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    await runner.stop();
  } finally {
    await lockClient.end().catch(() => undefined);
  }
}
