// What a batch of 256 `me`-shaped spans (a server span and a GraphQL child per request) costs the
// event loop where it leaves: the SDK's JsonTraceSerializer over the whole batch (what the
// BatchSpanProcessor + exporter did) against wrapping spans already encoded into bytes as they
// ended (WorkerSpanProcessor), and what encoding one span as it ends costs. Alternated rounds.
// Usage: npx tsx bench/api/export-pause.ts [rounds, default 10]
import { createRequire } from 'node:module';
import { SpanKind, context, trace } from '@opentelemetry/api';
import { encodeSpan, encodeSpans, otlpTraceRequestParts } from '../../ledger/src/shared/otlp-json';
import { SpanBatch } from '../../ledger/src/shared/span-bytes';

/** The SDK's finished span, in the version @app/ledger runs. */
type ReadableSpan = Parameters<typeof encodeSpan>[0];

// The SDK versions the API runs with are @app/ledger's, not the repository root's.
const fromLedger = createRequire(new URL('../../ledger/package.json', import.meta.url));
const { resourceFromAttributes } = fromLedger('@opentelemetry/resources') as {
  resourceFromAttributes: (attributes: Record<string, string>) => unknown;
};
const { BasicTracerProvider } = fromLedger('@opentelemetry/sdk-trace-base') as {
  BasicTracerProvider: new (options: object) => {
    getTracer(name: string): ReturnType<typeof trace.getTracer>;
  };
};
const { JsonTraceSerializer } = fromLedger('@opentelemetry/otlp-transformer') as {
  JsonTraceSerializer: { serializeRequest(spans: ReadableSpan[]): Uint8Array | undefined };
};

const rounds = Number(process.argv[2] ?? 10);
const BATCH = 256;
const finished: ReadableSpan[] = [];
const tracer = new BasicTracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'export-pause' }),
  spanProcessors: [
    {
      onStart: () => undefined,
      onEnd: (span: ReadableSpan) => void finished.push(span),
      forceFlush: async () => undefined,
      shutdown: async () => undefined,
    },
  ],
}).getTracer('stylised');

function meSpans() {
  const server = tracer.startSpan('POST /graphql', {
    kind: SpanKind.SERVER,
    attributes: { 'http.request.method': 'POST' },
  });
  const operation = tracer.startSpan(
    'graphql query Me',
    {
      kind: SpanKind.INTERNAL,
      attributes: { 'graphql.operation.name': 'Me', 'graphql.operation.type': 'query' },
    },
    trace.setSpan(context.active(), server),
  );
  operation.end();
  server.setAttribute('http.route', '/graphql');
  server.setAttribute('http.response.status_code', 200);
  server.end();
}

const batch = () => {
  finished.length = 0;
  for (let request = 0; request < BATCH / 2; request++) meSpans();
  return finished.splice(0);
};
const timed = (work: () => void) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const sdk: number[] = [];
const joined: number[] = [];
const perSpan: number[] = [];
for (let round = 0; round < rounds * 2; round++) {
  for (const which of round % 2 ? ['joined', 'sdk'] : ['sdk', 'joined']) {
    const spans = batch();
    if (which === 'sdk') sdk.push(timed(() => JsonTraceSerializer.serializeRequest(spans)));
    else {
      const encoded = new SpanBatch();
      perSpan.push(
        timed(() =>
          spans.forEach((span) =>
            encoded.add(span.resource, span.instrumentationScope, encodeSpan(span)),
          ),
        ) / BATCH,
      );
      joined.push(timed(() => otlpTraceRequestParts(encoded.encoded())));
    }
  }
}
// The first rounds warm the JIT.
const warm = (values: number[]) => values.slice(values.length / 2);
console.log(
  `a batch of ${BATCH} spans on the event loop where it leaves: SDK serialiser ${median(warm(sdk)).toFixed(3)} ms, wrapping the encoded bytes ${median(warm(joined)).toFixed(3)} ms; encoding a span as it ends ${(median(warm(perSpan)) * 1000).toFixed(2)} µs (medians of ${rounds} rounds)`,
);
const same = JSON.stringify(JSON.parse(encodeSpans(batch())));
console.log(`request text ${(same.length / 1024).toFixed(0)} KiB`);
