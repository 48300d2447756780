// CPU per traced `me` request's spans alone, LeanTracer against the SDK's tracer, in one process:
// the request's log scope, a server span, a GraphQL span active inside it, their attributes and
// ends, each span encoded and exported to a local OTLP receiver (the export worker's CPU counts:
// process.cpuUsage covers every thread). Rounds alternate the two tracers, so load on a shared
// machine hits both alike. The SDK's tracer is what startTracing picks when a limit variable is
// set; OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT=128 is its default, so both make the same spans.
// Usage: npx tsx bench/api/span-cost.ts [--rounds 8] [--requests 20000]
import { SpanKind, context, trace } from '@opentelemetry/api';
import { flushTracing, logScope, startTracing, stopTracing, tracer } from '@app/ledger';
import { startOtlpReceiver } from '../lib/otlp-receiver';

const argument = (flag: string, fallback: number) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const rounds = argument('--rounds', 8);
const requests = argument('--requests', 20_000);
const receiver = await startOtlpReceiver();
const variants = {
  'SDK tracer': { OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: '128' },
  LeanTracer: {},
};

function request(index: number) {
  logScope.run({ requestId: `req-${index}` }, () => {
    const server = tracer().startSpan('POST /graphql', {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': 'POST' },
    });
    const scope = logScope.getStore();
    if (scope) scope.traceId = server.spanContext().traceId;
    context.with(trace.setSpan(context.active(), server), () => {
      const operation = tracer().startSpan('graphql query Me', {
        attributes: { 'graphql.operation.name': 'Me', 'graphql.operation.type': 'query' },
      });
      context.with(trace.setSpan(context.active(), operation), () => {
        if (trace.getActiveSpan() !== operation) throw new Error('not active');
      });
      operation.end();
    });
    server.setAttribute('http.route', '/graphql');
    server.setAttribute('http.response.status_code', 200);
    server.end();
  });
}

/** Requests in slices of 500 with a turn of the event loop between (exports get answered). */
async function measure(count: number): Promise<number> {
  const before = process.cpuUsage();
  for (let sent = 0; sent < count;) {
    for (const end = Math.min(count, sent + 500); sent < end; sent++) request(sent);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await flushTracing();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

const figures = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]));
try {
  for (let round = 0; round < rounds; round++) {
    const order = Object.entries(variants);
    if (round % 2 === 1) order.reverse();
    for (const [name, env] of order) {
      startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, ...env }, 'span-cost');
      await measure(requests / 4); // warm-up
      figures.get(name)!.push(await measure(requests));
      await stopTracing();
    }
  }
} finally {
  receiver.close();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const baseline = median(figures.get('SDK tracer')!);
for (const [name, values] of figures)
  console.log(
    `${name.padEnd(11)} CPU per request median ${median(values).toFixed(2)} µs (${values.map((v) => v.toFixed(1)).join(', ')}); / SDK tracer ${(median(values) / baseline).toFixed(2)}`,
  );
