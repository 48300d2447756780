import {
  SpanKind,
  SpanStatusCode,
  context,
  createContextKey,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { InstrumentationScope } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import pg from 'pg';
import { chainContext } from './chain-context';
import { LeanTracer, leanTracingAllowed } from './lean-tracer';
import { carryLogScopeIn, type LogScope } from './logger';
import { PooledIdGenerator } from './span-ids';
import { WorkerSpanExporter } from './worker-span-exporter';
import { WorkerSpanProcessor } from './worker-span-processor';

// OpenTelemetry traces for every process (API replicas, the projections worker), on when
// OTEL_EXPORTER_OTLP_ENDPOINT is set (OTLP over HTTP, JSON), and then only: without it no provider
// is registered and nothing is patched. Spans are made at our own seams (HTTP, GraphQL, Postgres,
// event-store appends, the image provider, projection batches) rather than by module patching,
// which ESM imports of CommonJS packages bypass.

let provider: NodeTracerProvider | null = null;
// Looked up once: getTracer builds a key and searches the provider's map on every call, and a
// request makes its spans through it.
let ownTracer: Tracer | null = null;
const TRACER_NAME = 'stylised';

export const tracer = (): Tracer => ownTracer ?? trace.getTracer(TRACER_NAME);

export const tracingEnabled = () => provider !== null;

/**
 * Starts tracing once per process when the environment names an OTLP endpoint; the service is
 * named by OTEL_SERVICE_NAME, else `defaultServiceName`.
 */
export function startTracing(
  env: NodeJS.ProcessEnv = process.env,
  defaultServiceName = 'stylised-api',
): boolean {
  if (provider) return true;
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/$/, '');
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (endpoint && `${endpoint}/v1/traces`);
  if (!url || env.OTEL_SDK_DISABLED === 'true') return false;
  const resource = resourceFromAttributes({
    'service.name': env.OTEL_SERVICE_NAME ?? defaultServiceName,
  });
  const idGenerator = new PooledIdGenerator();
  // OTLP/HTTP with JSON bodies, each span encoded as it ends, sent from a worker thread; headers,
  // timeout and compression from the standard OTEL_EXPORTER_OTLP_* variables.
  const processor = new WorkerSpanProcessor(new WorkerSpanExporter(url), batchSettings(env));
  provider = new NodeTracerProvider({ resource, idGenerator, spanProcessors: [processor] });
  // The async-hooks context manager and the W3C trace-context propagator.
  provider.register();
  const sdkTracer = provider.getTracer(TRACER_NAME);
  // Our spans, made as the SDK's default configuration would make them for less (lean-tracer.ts);
  // the SDK's own tracer when the environment sets a sampler or limits (the SDK reads them from
  // process.env).
  ownTracer =
    leanTracingAllowed(env) && leanTracingAllowed(process.env)
      ? new LeanTracer({
          resource,
          scope: (sdkTracer as unknown as { instrumentationScope: InstrumentationScope })
            .instrumentationScope,
          idGenerator,
          processor,
        })
      : sdkTracer;
  carryLogScopeIn(logScopeOnContext);
  tracePostgres();
  return true;
}

/**
 * Batches of 256 spans, at most a second apart, rather than the SDK's 512 every 5 s: fewer spans
 * wait, and a batch's hand-over is short. Not smaller: each export costs a fixed ~2 ms of CPU
 * (the hand-over, waking the worker, its request and answer), which at 64 spans a batch was more
 * than the spans themselves cost. OTEL_BSP_MAX_EXPORT_BATCH_SIZE, OTEL_BSP_SCHEDULE_DELAY and
 * OTEL_BSP_MAX_QUEUE_SIZE (default 2048, as the SDK's) override these.
 */
const BATCH_SPANS = 256;
const BATCH_DELAY_MS = 1000;
const QUEUE_SPANS = 2048;

const positive = (text: string | undefined, fallback: number) => {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : fallback;
};

function batchSettings(env: NodeJS.ProcessEnv) {
  return {
    maxExportBatchSize: positive(env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE, BATCH_SPANS),
    scheduledDelayMillis: positive(env.OTEL_BSP_SCHEDULE_DELAY, BATCH_DELAY_MS),
    maxQueueSize: positive(env.OTEL_BSP_MAX_QUEUE_SIZE, QUEUE_SPANS),
  };
}

/** Sends every finished span now (tests, and before the process exits). */
export async function flushTracing() {
  await provider?.forceFlush();
}

const LOG_SCOPE = createContextKey('stylised log scope');

/**
 * The request log scope as a value of the OpenTelemetry context: one async-local store, not two.
 * The request's context starts here, as a ChainContext, so the spans set on it later are links
 * of that chain rather than copies of a Map.
 */
const logScopeOnContext = {
  run: <T>(scope: LogScope, work: () => T): T =>
    context.with(chainContext(context.active(), LOG_SCOPE, scope), work),
  getStore: () => context.active().getValue(LOG_SCOPE) as LogScope | undefined,
};

export async function stopTracing() {
  const current = provider;
  provider = null;
  ownTracer = null;
  carryLogScopeIn(null);
  await current?.shutdown();
}

/** The active trace's id (for log lines and event correlation), when tracing is on. */
export function currentTraceId(): string | undefined {
  if (!provider) return undefined;
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

export const endSpanWith = (span: Span, error: unknown) => {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
};

/**
 * Runs `work` inside a child span of the active one (a root span when none is), a no-op wrapper
 * when tracing is off. `work` may add attributes it learns on the way.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span?: Span) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  if (!provider) return work();
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      const result = await work(span);
      span.end();
      return result;
    } catch (error) {
      endSpanWith(span, error);
      throw error;
    }
  });
}

type QueryFn = (...args: unknown[]) => unknown;
let postgresTraced = false;

/** The statement's first words name the span (never the parameters: they can be personal data). */
const statementOf = (first: unknown): string => {
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text.trim().replace(/\s+/g, ' ').slice(0, 500) : 'query';
};

/** Wraps `pg.Client#query` (what pools and the event store use) in a client span per query. */
function tracePostgres() {
  if (postgresTraced) return;
  postgresTraced = true;
  const original = pg.Client.prototype.query as unknown as QueryFn;
  const traced = function (this: pg.Client, ...args: unknown[]) {
    const active = trace.getActiveSpan();
    // Only inside a trace: the projection runner's polling would otherwise make a root span a tick.
    if (!active) return original.apply(this, args);
    const statement = statementOf(args[0]);
    const span = tracer().startSpan(`pg ${statement.split(' ')[0]!.toUpperCase()}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system': 'postgresql', 'db.statement': statement },
    });
    const callbackIndex = args.findIndex((arg) => typeof arg === 'function');
    if (callbackIndex >= 0) {
      const callback = args[callbackIndex] as (error: unknown, ...rest: unknown[]) => void;
      args[callbackIndex] = (error: unknown, ...rest: unknown[]) => {
        if (error) endSpanWith(span, error);
        else span.end();
        callback(error, ...rest);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as {
      then?: (ok: () => void, fail: (e: unknown) => void) => void;
    };
    if (result && typeof result.then === 'function')
      result.then(
        () => span.end(),
        (error: unknown) => endSpanWith(span, error),
      );
    else span.end();
    return result;
  };
  pg.Client.prototype.query = traced as unknown as typeof pg.Client.prototype.query;
}
