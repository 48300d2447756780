// The instrumentation of one traced `me` request alone, in one process, without HTTP or GraphQL:
// the request's log scope, a server span continued into a GraphQL span across ~40 promise hops
// (what Yoga's plugins make), the request log line, and the spans' export to a local OTLP
// receiver. Main-thread CPU per request (process.cpuUsage minus the export worker's share is not
// separable, so the whole process is counted), the longest event-loop stall and GC pauses, for the
// checkout given (`--root`, default this one). bench/api/trace-path-ab.ts alternates two roots.
// With node --trace-gc-nvp, the GC lines between the markers give bytes allocated and promoted.
// Usage: npx tsx bench/api/trace-path.ts [--root <dir>] [--requests 10000] (at 1,000 a second)
import path from 'node:path';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { context, trace, SpanKind } from '@opentelemetry/api';
import { startOtlpReceiver } from '../lib/otlp-receiver';

const argument = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const root = path.resolve(argument('--root') ?? path.join(import.meta.dirname, '../..'));
const requests = Number(argument('--requests') ?? 10_000);

interface Ledger {
  startTracing(env: NodeJS.ProcessEnv, name: string): boolean;
  flushTracing(): Promise<void>;
  stopTracing(): Promise<void>;
  tracer(): ReturnType<typeof trace.getTracer>;
  logScope: {
    run<T>(scope: { requestId: string; traceId?: string }, work: () => T): T;
    getStore(): { requestId: string; traceId?: string } | undefined;
  };
  createLogger(options: { level: string; destination: { write(line: string): void } }): {
    info(fields: object, message: string): void;
  };
}
const ledger = (await import(path.join(root, 'ledger/src/index.ts'))) as Ledger;
const receiver = await startOtlpReceiver();
ledger.startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, 'trace-path');
let written = 0;
const logger = ledger.createLogger({
  level: 'info',
  destination: { write: (line: string) => void (written += line.length) },
});

async function hops(count: number) {
  for (let hop = 0; hop < count; hop++) await Promise.resolve(hop);
}

async function request(index: number) {
  const requestId = `req-${index}`;
  await ledger.logScope.run({ requestId }, async () => {
    const span = ledger.tracer().startSpan('POST /graphql', {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': 'POST' },
    });
    const scope = ledger.logScope.getStore();
    if (scope) scope.traceId = span.spanContext().traceId;
    await context.with(trace.setSpan(context.active(), span), async () => {
      await hops(20);
      const operation = ledger.tracer().startSpan('graphql query Me', {
        attributes: { 'graphql.operation.name': 'Me', 'graphql.operation.type': 'query' },
      });
      await context.with(trace.setSpan(context.active(), operation), () => hops(20));
      operation.end();
    });
    span.setAttribute('http.route', '/graphql');
    span.setAttribute('http.response.status_code', 200);
    span.end();
    logger.info(
      {
        req: { id: requestId, method: 'POST', path: '/graphql' },
        res: { status: 200 },
        durationMs: 1,
      },
      'request completed',
    );
  });
}

const gc = { count: 0, ms: 0, max: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count++;
    gc.ms += entry.duration;
    gc.max = Math.max(gc.max, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

// Warm-up, then the measured run, at a steady rate (unpaced, the export queue overflows and
// spans are dropped, which is cheaper than sending them).
const RATE = 1000;
const run = (count: number) =>
  new Promise<void>((resolve) => {
    const started = performance.now();
    let sent = 0;
    const pending: Promise<void>[] = [];
    const tick = () => {
      const due = Math.min(count, Math.floor(((performance.now() - started) * RATE) / 1000));
      while (sent < due) pending.push(request(sent++));
      if (sent < count) setTimeout(tick, 1);
      else void Promise.all(pending).then(() => resolve());
    };
    tick();
  });
await run(requests / 2);
await ledger.flushTracing();
Object.assign(gc, { count: 0, ms: 0, max: 0 });
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
// Markers for --trace-gc-nvp's lines (allocated and promoted bytes per GC) in the same stream.
console.log('measured run: start');
const before = process.cpuUsage();
await run(requests);
console.log('measured run: end');
await ledger.flushTracing();
const cpu = process.cpuUsage(before);
delay.disable();
await ledger.stopTracing();
receiver.close();
console.log(
  JSON.stringify({
    root,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / requests,
    gcCount: gc.count,
    gcMs: gc.ms,
    gcMaxMs: gc.max,
    loopMaxMs: delay.max / 1e6,
    kibExported: receiver.receivedBytes() / 1024,
    logChars: written,
  }),
);
