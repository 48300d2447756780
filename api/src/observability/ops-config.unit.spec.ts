import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { ProjectionOperations } from '@app/projections';
import { registerGauges } from './app-metrics';
import { Metrics } from './metrics';

const ops = path.resolve(import.meta.dirname, '../../../ops');
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => fs.existsSync(p));

/** Metric names a PromQL expression refers to (identifiers followed by `{`, `[` or used bare). */
function metricNames(expr: string): string[] {
  const withoutStrings = expr
    .replace(/\b\d+(?:\.\d+)?(?:e[-+]?\d+)?\b/gi, '0')
    .replace(/"[^"]*"/g, '""')
    .replace(/\{[^}]*\}/g, '{}');
  const words = withoutStrings.match(/[a-z_][a-z0-9_]*(?=\s*[{[)]|\s*$|\s*[><=*/+-])/gi) ?? [];
  const functions = new Set([
    'sum',
    'rate',
    'increase',
    'max',
    'min',
    'by',
    'and',
    'or',
    'topk',
    'histogram_quantile',
    'clamp_min',
    'changes',
    'le',
    'instance',
    'projection',
    'route',
    'status',
    'operation',
    'code',
    'style',
    'kind',
    'category',
    'outcome',
    'job',
    'state',
  ]);
  return words.filter((word) => !functions.has(word));
}

describe('the monitoring files docker-compose mounts', () => {
  it.skipIf(!promtool)('pass promtool check config and check rules', () => {
    const config = execFileSync(
      promtool!,
      ['check', 'config', path.join(ops, 'prometheus/prometheus.yml')],
      {
        encoding: 'utf8',
      },
    );
    expect(config).toMatch(/SUCCESS/);
    const rules = execFileSync(
      promtool!,
      ['check', 'rules', path.join(ops, 'prometheus/alerts.yml')],
      {
        encoding: 'utf8',
      },
    );
    expect(rules).toMatch(/SUCCESS: 7 rules found/);
  });

  it('scrape every API replica and the worker that docker-compose.yml runs', () => {
    const compose = fs.readFileSync(path.join(ops, '../docker-compose.yml'), 'utf8');
    const replicas = [...compose.matchAll(/^ {2}(api-[a-z0-9]+):/gm)].map((match) => match[1]!);
    expect(replicas).toEqual(['api-a', 'api-b']);
    const prometheus = fs.readFileSync(path.join(ops, 'prometheus/prometheus.yml'), 'utf8');
    const scraped = (job: string) => {
      const block = new RegExp(
        `job_name: ${job}\\n[\\s\\S]*?names: \\[([^\\]]*)\\][\\s\\S]*?port: (\\d+)`,
      );
      const match = block.exec(prometheus);
      return { names: match?.[1]?.split(',').map((n) => n.trim()), port: match?.[2] };
    };
    // The port is the METRICS_PORT the services are given.
    const metricsPort = /METRICS_PORT: '(\d+)'/.exec(compose)?.[1];
    expect(scraped('api')).toEqual({ names: replicas, port: metricsPort });
    expect(scraped('projections')).toEqual({ names: ['projections'], port: metricsPort });
  });

  it('query only metrics the processes expose', async () => {
    const exposed = new Set<string>(['up']);
    const metrics = new Metrics();
    registerGauges(metrics, {
      pool: { totalCount: 0, idleCount: 0, waitingCount: 0 } as pg.Pool,
      generations: { decodesInProgress: 0, queue: { waitingCount: 0, inFlight: 0 } },
      projections: { status: async () => [] } as unknown as ProjectionOperations,
    });
    for (const metric of await metrics.registry.getMetricsAsJSON()) {
      exposed.add(metric.name);
      for (const suffix of ['_bucket', '_count', '_sum']) exposed.add(`${metric.name}${suffix}`);
    }
    const dashboard = JSON.parse(
      fs.readFileSync(path.join(ops, 'grafana/dashboards/operations.json'), 'utf8'),
    ) as { panels: { targets: { expr: string }[] }[] };
    const expressions = dashboard.panels.flatMap((panel) => panel.targets.map((t) => t.expr));
    const rules = fs.readFileSync(path.join(ops, 'prometheus/alerts.yml'), 'utf8');
    expressions.push(
      ...[...rules.matchAll(/expr: (?:\|\n((?: {10}.*\n)+)|(.*))/g)].map((m) => m[1] ?? m[2]!),
    );
    expect(expressions.length).toBeGreaterThan(15);
    const used = new Set(expressions.flatMap(metricNames));
    for (const name of [
      'credits_moved_total',
      'projection_lag_seconds',
      'generations_failed_total',
    ])
      expect(used).toContain(name);
    expect([...used].filter((name) => !exposed.has(name))).toEqual([]);
  });
});
