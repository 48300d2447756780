import { createServer, type Server } from 'node:http';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { ProjectionStatus } from './runtime/status';

/**
 * The worker's own `GET /metrics` (on `METRICS_PORT`, a private interface): how far each live
 * projection is behind, in events and seconds, its pool, and the process defaults.
 */
export function startWorkerMetrics(options: {
  port: number;
  host: string;
  pool: pg.Pool;
  status: () => Promise<ProjectionStatus[]>;
}): Server {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'projection_lag_events',
    help: 'Events in the log a live projection has not applied',
    labelNames: ['projection'],
    registers: [registry],
    async collect() {
      for (const status of await options.status())
        if (status.status === 'live') this.set({ projection: status.name }, status.eventsBehind);
    },
  });
  new Gauge({
    name: 'projection_lag_seconds',
    help: 'How far behind the head of the log a live projection is',
    labelNames: ['projection'],
    registers: [registry],
    async collect() {
      for (const status of await options.status()) {
        if (status.status !== 'live') continue;
        this.set({ projection: status.name }, status.secondsBehind);
      }
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (in_use, idle) and clients waiting for one (waiting)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { pool } = options;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  return createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  }).listen(options.port, options.host);
}
