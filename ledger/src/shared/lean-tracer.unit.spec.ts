import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  type ReadableSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { LeanSpan, LeanTracer, leanTracingAllowed, millisToHrTime } from './lean-tracer';
import { encodeSpan } from './otlp-json';
import { PooledIdGenerator } from './span-ids';

function recording() {
  const started: ReadableSpan[] = [];
  const ended: ReadableSpan[] = [];
  const processor: SpanProcessor = {
    onStart: (span) => void started.push(span as unknown as ReadableSpan),
    onEnd: (span) => void ended.push(span),
    forceFlush: async () => {},
    shutdown: async () => {},
  };
  return { processor, started, ended };
}

function tracers() {
  const resource = resourceFromAttributes({ 'service.name': 'spec' });
  const sdk = recording();
  const lean = recording();
  const sdkTracer = new BasicTracerProvider({
    resource,
    spanProcessors: [sdk.processor],
  }).getTracer('spec');
  const leanTracer = new LeanTracer({
    resource,
    scope: (sdkTracer as unknown as { instrumentationScope: { name: string } })
      .instrumentationScope,
    idGenerator: new PooledIdGenerator(),
    processor: lean.processor,
  });
  return { sdk, lean, sdkTracer, leanTracer };
}

/** What a span exports, without its ids and times (which differ by construction). */
function exported(span: ReadableSpan) {
  const json = JSON.parse(encodeSpan(span)) as Record<string, unknown> & {
    events: Record<string, unknown>[];
    links: Record<string, unknown>[];
  };
  delete json.traceId;
  delete json.spanId;
  delete json.parentSpanId;
  delete json.startTimeUnixNano;
  delete json.endTimeUnixNano;
  for (const event of json.events) delete event.timeUnixNano;
  for (const link of json.links) {
    delete link.traceId;
    delete link.spanId;
  }
  return json;
}

/** The same calls on either tracer: a server span, a child with attributes, an error, a link. */
const boom = Object.assign(new Error('boom'), { code: 'E_SPEC' });

function exercise(tracer: Tracer, parentContext: Context = ROOT_CONTEXT) {
  const server = tracer.startSpan(
    'POST /graphql',
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': 'POST', absent: undefined } },
    parentContext,
  );
  const child = tracer.startSpan(
    'graphql query Me',
    {
      attributes: { 'graphql.operation.name': 'Me', count: 3, ratio: 0.5, ok: true, list: ['a'] },
      links: [{ context: server.spanContext(), attributes: { why: 'spec' } }],
    },
    trace.setSpan(parentContext, server),
  );
  child.setAttribute('invalid', { nested: 1 } as unknown as string);
  child.setAttributes({ later: 'yes', count: 4 });
  child.recordException(boom);
  child.setStatus({ code: SpanStatusCode.ERROR, message: 'failed' });
  child.setStatus({ code: SpanStatusCode.UNSET });
  child.updateName('graphql query Me!');
  child.end();
  child.setAttribute('after end', 1);
  server.setAttribute('http.response.status_code', 200);
  server.end();
  return { server, child };
}

describe('LeanTracer', () => {
  it('exports what the SDK tracer exports for the same calls', () => {
    const { sdk, lean, sdkTracer, leanTracer } = tracers();
    exercise(sdkTracer);
    exercise(leanTracer);
    expect(lean.started).toHaveLength(2);
    expect(lean.ended.map(exported)).toEqual(sdk.ended.map(exported));
    expect(lean.ended.every((span) => span instanceof LeanSpan)).toBe(true);
  });

  it('makes one trace: a child carries its parent’s trace id and the parent’s span id', () => {
    const { lean, leanTracer } = tracers();
    const { server, child } = exercise(leanTracer);
    const [childEnded, serverEnded] = lean.ended;
    expect(childEnded!.spanContext().traceId).toBe(server.spanContext().traceId);
    expect(childEnded!.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    expect(serverEnded!.parentSpanContext).toBeUndefined();
    expect(child.isRecording()).toBe(false);
    expect(child.spanContext().traceFlags).toBe(TraceFlags.SAMPLED);
  });

  it('continues a remote parent, sampled or not, as ParentBased(AlwaysOn) does', () => {
    const { lean, leanTracer } = tracers();
    const remote = (traceFlags: TraceFlags) =>
      trace.setSpanContext(ROOT_CONTEXT, {
        traceId: '0af7651916cd43dd8448eb211c80319c',
        spanId: 'b7ad6b7169203331',
        traceFlags,
        isRemote: true,
      });
    const sampled = leanTracer.startSpan('sampled', {}, remote(TraceFlags.SAMPLED));
    expect(sampled.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(sampled.isRecording()).toBe(true);
    sampled.end();
    expect(lean.ended[0]!.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(JSON.parse(encodeSpan(lean.ended[0]!)).flags).toBe(0x301);

    const dropped = leanTracer.startSpan('dropped', {}, remote(TraceFlags.NONE));
    expect(dropped.isRecording()).toBe(false);
    expect(dropped.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    dropped.end();
    expect(lean.ended).toHaveLength(1);

    const invalid = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: '0'.repeat(32),
      spanId: '0'.repeat(16),
      traceFlags: TraceFlags.NONE,
    });
    const root = leanTracer.startSpan('root', {}, invalid);
    expect(root.isRecording()).toBe(true);
    expect(root.spanContext().traceId).not.toBe('0'.repeat(32));
  });

  it('copies an array attribute, and tells the processor a span is ending before it has ended', () => {
    const { lean, leanTracer } = tracers();
    const ending: boolean[] = [];
    lean.processor.onEnding = (span) => void ending.push(span.ended);
    const list = ['a', 'b'];
    const span = leanTracer.startSpan('arrays', { attributes: { list } }, ROOT_CONTEXT);
    list.push('c');
    span.end();
    expect(lean.ended[0]!.attributes.list).toEqual(['a', 'b']);
    expect(ending).toEqual([false]);
  });

  it('keeps 128 attributes, counts the rest dropped, and ends once', () => {
    const { lean, leanTracer } = tracers();
    const span = leanTracer.startSpan('many', {}, ROOT_CONTEXT);
    for (let index = 0; index < 130; index++) span.setAttribute(`key${index}`, index);
    span.setAttribute('key0', 'replaced');
    span.end();
    span.end();
    expect(lean.ended).toHaveLength(1);
    expect(Object.keys(lean.ended[0]!.attributes)).toHaveLength(128);
    expect(lean.ended[0]!.attributes.key0).toBe('replaced');
    expect(lean.ended[0]!.droppedAttributesCount).toBe(2);
  });

  it('times a span on the monotonic clock, from a wall-clock start', () => {
    const { lean, leanTracer } = tracers();
    const before = Date.now();
    const span: Span = leanTracer.startSpan('timed', {}, ROOT_CONTEXT);
    const spin = performance.now() + 5;
    while (performance.now() < spin);
    span.end();
    const ended = lean.ended[0]!;
    const startMillis = ended.startTime[0] * 1000 + ended.startTime[1] / 1e6;
    expect(Math.abs(startMillis - before)).toBeLessThan(50);
    const durationMillis = ended.duration[0] * 1000 + ended.duration[1] / 1e6;
    expect(durationMillis).toBeGreaterThanOrEqual(5);
    expect(durationMillis).toBeLessThan(1000);
    expect(millisToHrTime(1_500.25)).toEqual([1, 500_250_000]);
    expect(millisToHrTime(999.9999999999)).toEqual([1, 0]);
  });
});

describe('leanTracingAllowed', () => {
  it('only when the environment sets no sampler other than the default and no limit', () => {
    expect(leanTracingAllowed({})).toBe(true);
    expect(leanTracingAllowed({ OTEL_TRACES_SAMPLER: 'parentbased_always_on' })).toBe(true);
    expect(leanTracingAllowed({ OTEL_TRACES_SAMPLER: 'traceidratio' })).toBe(false);
    expect(leanTracingAllowed({ OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: '10' })).toBe(false);
    expect(leanTracingAllowed({ OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '100' })).toBe(false);
  });
});
