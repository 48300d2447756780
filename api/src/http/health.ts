import { componentLogger, formatPosition, pendingMigrations } from '@app/ledger';
import { Router } from 'express';
import type { Lifecycle } from '../composition/lifecycle';
import type { Runtime } from '../composition/runtime';

const log = componentLogger('health');
const READY_CHECK_TIMEOUT_MS = 2_000;

const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${what} did not answer in ${READY_CHECK_TIMEOUT_MS} ms`)),
        READY_CHECK_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

/**
 * `/health/live`: the process answers (no dependency). `/health/ready`: database and event store
 * reachable, every migration applied, not draining; 503 otherwise. `/health`: database, the head
 * of the event log and how far each projection is behind.
 */
export function healthRouter(runtime: Runtime, lifecycle?: Lifecycle): Router {
  const router = Router();
  router.get('/health/live', (_request, response) => {
    response.status(200).json({ status: 'live' });
  });

  router.get('/health/ready', async (_request, response) => {
    const inFlight = {
      requestsInFlight: lifecycle?.requestsInFlight ?? 0,
    };
    if (lifecycle?.isDraining) {
      response.status(503).json({ status: 'draining', ...inFlight });
      return;
    }
    const checks = await Promise.allSettled([
      withTimeout(runtime.storage.database.pool.query('SELECT 1'), 'the database'),
      withTimeout(runtime.storage.store.headPosition(), 'the event store'),
      withTimeout(
        pendingMigrations(runtime.storage.database.pool, runtime.storage.migrations),
        'the migrations table',
      ),
    ]);
    const [database, eventStore, migrations] = checks;
    const pending = migrations.status === 'fulfilled' ? migrations.value : null;
    const ready =
      database.status === 'fulfilled' &&
      eventStore.status === 'fulfilled' &&
      pending !== null &&
      pending.length === 0;
    if (!ready) {
      for (const check of checks)
        if (check.status === 'rejected') log.warn({ err: check.reason }, 'readiness check failed');
      if (pending?.length) log.warn({ pending }, 'migrations not applied');
    }
    response.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not ready',
      database: database.status === 'fulfilled',
      eventStore: eventStore.status === 'fulfilled',
      migrations: pending === null ? false : pending.length === 0,
      ...inFlight,
    });
  });

  router.get('/health', async (_request, response) => {
    try {
      await runtime.storage.database.pool.query('SELECT 1');
      const head = await runtime.storage.store.headPosition();
      const projections = await runtime.projectionOperations.status();
      const lagging = projections.some((p) => p.status === 'live' && p.secondsBehind > 60);
      response.status(200).json({
        status: lagging ? 'degraded' : 'ok',
        database: { ok: true, embedded: runtime.storage.database.embedded },
        eventStore: {
          kind: runtime.storage.eventStoreKind,
          head: head ? formatPosition(head) : null,
        },
        projections: projections.map((p) => ({
          name: p.name,
          version: p.version,
          status: p.status,
          checkpoint: formatPosition(p.checkpoint),
          eventsBehind: p.eventsBehind,
          secondsBehind: Math.round(p.secondsBehind * 10) / 10,
          // The error text stays with operators (CLI, staff console): it can name hosts and tables.
          failing: p.lastError != null,
        })),
      });
    } catch (error) {
      log.error({ err: error }, 'health check failed');
      response.status(503).json({ status: 'unavailable' });
    }
  });
  return router;
}
