import { componentLogger, formatPosition } from '@app/ledger';
import { Router } from 'express';
import type { Runtime } from '../composition/runtime';

/** Liveness and lag: database reachable, head of the event log, and how far each projection is behind. */
export function healthRouter(runtime: Runtime): Router {
  const router = Router();
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
      componentLogger('health').error({ err: error }, 'health check failed');
      response.status(503).json({ status: 'unavailable' });
    }
  });
  return router;
}
