import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router } from 'express';
import type pg from 'pg';
import type { ProjectionOperations } from '@app/projections';
import type { GenerationObserver } from '../generation/generation-pipeline';
import type { GraphQLObservation } from '../graphql/request-observation';
import type { Metrics } from './metrics';
import { routeOf } from './request-log';

export const generationObserver = (metrics: Metrics): GenerationObserver => ({
  started: (labels) => metrics.generationsStarted.inc(labels),
  finished(labels, outcome, seconds) {
    if (outcome.succeeded) metrics.generationsSucceeded.inc(labels);
    else metrics.generationsFailed.inc({ ...labels, code: outcome.code });
    metrics.generationDuration.observe(
      { ...labels, outcome: outcome.succeeded ? 'succeeded' : 'failed' },
      seconds,
    );
  },
});

export const graphqlObserver =
  (metrics: Metrics) =>
  ({ operation, type, seconds, errorCodes }: GraphQLObservation) => {
    metrics.graphqlDuration.observe({ operation, type }, seconds);
    for (const code of errorCodes) metrics.graphqlErrors.inc({ operation, code });
  };

/** The route label: the matched pattern, never the raw path (one series per route, not per id). */
function routeLabel(request: IncomingMessage, status: number): string {
  const route = routeOf(request);
  if (route) return route;
  const path = (request.url ?? '/').split('?')[0]!;
  if (status === 404) return 'unmatched';
  return path.startsWith('/api/') ? 'unmatched' : 'static';
}

/** Times every request into `http_request_duration_seconds` when its response ends. */
export function observeHttp(metrics: Metrics, request: IncomingMessage, response: ServerResponse) {
  const end = metrics.httpDuration.startTimer();
  response.once('finish', () =>
    end({
      method: request.method ?? 'GET',
      route: routeLabel(request, response.statusCode),
      status: String(response.statusCode),
    }),
  );
}

/** Gauges read at scrape time: queues, database pool, projection lag (where the runner runs). */
export function registerGauges(
  metrics: Metrics,
  sources: {
    pool: pg.Pool;
    generations: { decodesInProgress: number; queue: { waitingCount: number; inFlight: number } };
    projections: ProjectionOperations | null;
  },
) {
  const { pool, generations, projections } = sources;
  metrics.gauge(
    'generation_queue_depth',
    'Generations waiting for a provider slot',
    [],
    function () {
      this.set(generations.queue.waitingCount);
    },
  );
  metrics.gauge('generation_provider_in_flight', 'Provider calls in flight', [], function () {
    this.set(generations.queue.inFlight);
  });
  metrics.gauge(
    'upload_decode_in_progress',
    'Uploads being decoded and re-encoded',
    [],
    function () {
      this.set(generations.decodesInProgress);
    },
  );
  metrics.gauge(
    'db_pool_connections',
    'Database pool connections by state (in_use, idle) and clients waiting for one (waiting)',
    ['state'],
    function () {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  );
  if (!projections) return;
  metrics.gauge(
    'projection_lag_events',
    'Events in the log a live projection has not applied',
    ['projection'],
    async function () {
      for (const status of await projections.status())
        if (status.status === 'live') this.set({ projection: status.name }, status.eventsBehind);
    },
  );
  metrics.gauge(
    'projection_lag_seconds',
    'How far behind the head of the log a live projection is',
    ['projection'],
    async function () {
      for (const status of await projections.status()) {
        if (status.status !== 'live') continue;
        this.set({ projection: status.name }, status.secondsBehind);
      }
    },
  );
}

const sameToken = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * `GET /metrics` for operators: `{ operatorToken }` asks for `Authorization: Bearer <token>`;
 * `open` serves anyone (the private METRICS_PORT); `closed` answers 404 (no operator token set).
 */
export function metricsRouter(
  metrics: Metrics,
  access: { operatorToken: string } | 'open' | 'closed',
): Router {
  const router = Router();
  router.get('/metrics', async (request, response) => {
    if (access === 'closed') {
      response.status(404).json({ message: 'Not found' });
      return;
    }
    if (access !== 'open') {
      const operatorToken = access.operatorToken;
      const given = (request.header('authorization') ?? '').replace(/^Bearer /, '');
      if (!sameToken(given, operatorToken)) {
        response.status(401).json({ message: 'Operator token required' });
        return;
      }
    }
    response.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
