import { SpanKind, SpanStatusCode, TraceFlags, context, trace } from '@opentelemetry/api';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { encodeSpans, hrTimeToNanosText } from './otlp-json';

/** Spans of every shape the SDK can hand over, made by a provider that exports nothing. */
function finishedSpans(): ReadableSpan[] {
  const finished: ReadableSpan[] = [];
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'spec', 'service.instance': 3 }),
    spanProcessors: [
      {
        onStart: () => undefined,
        onEnd: (span) => void finished.push(span),
        forceFlush: async () => undefined,
        shutdown: async () => undefined,
      },
    ],
  });
  const tracer = provider.getTracer('spec', '1.2.3');
  const other = provider.getTracer('other');
  const root = tracer.startSpan('POST /graphql', {
    kind: SpanKind.SERVER,
    attributes: {
      'http.request.method': 'POST',
      'http.response.status_code': 200,
      ratio: 0.25,
      cached: false,
      tags: ['a', 'b'],
      sizes: [1, 2.5],
    },
  });
  const child = tracer.startSpan(
    'graphql query Me',
    { kind: SpanKind.INTERNAL, links: [{ context: root.spanContext(), attributes: { why: 'x' } }] },
    trace.setSpan(context.active(), root),
  );
  child.recordException(new Error('refused by "the" server\n at line 2'));
  child.setStatus({ code: SpanStatusCode.ERROR, message: 'it failed' });
  child.addEvent('retry', { attempt: 2 });
  child.end();
  const remoteParent = trace.setSpanContext(context.active(), {
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: 'b7ad6b7169203331',
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
  });
  other.startSpan('continued', { kind: SpanKind.CLIENT }, remoteParent).end();
  const plain = tracer.startSpan(
    'pg SELECT "quoted" \\ ü',
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.statement': 'SELECT 1 -- "x"\n',
        rows: 3,
        huge: 1e21,
        ratio: 0.5,
        notANumber: Number.NaN,
        ok: true,
      },
    },
    trace.setSpan(context.active(), root),
  );
  plain.setStatus({ code: SpanStatusCode.ERROR, message: '' });
  plain.end();
  tracer.startSpan('no attributes').end();
  root.end();
  return finished;
}

describe('OTLP JSON, one span at a time', () => {
  it('writes the same request as the SDK serialiser, field for field', () => {
    const spans = finishedSpans();
    const ours = JSON.parse(encodeSpans(spans)) as unknown;
    const sdk = JSON.parse(
      new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)),
    ) as unknown;
    expect(ours).toEqual(sdk);
  });

  it('writes nanoseconds exactly, beyond what a double holds', () => {
    expect(hrTimeToNanosText([1764201000, 5])).toBe('1764201000000000005');
    expect(hrTimeToNanosText([1764201000, 999_999_999])).toBe('1764201000999999999');
    expect(hrTimeToNanosText([0, 42])).toBe('42');
    expect(hrTimeToNanosText([-1, 5])).toBe('-999999995');
  });
});
