import { SpanKind, TraceFlags, context, trace } from '@opentelemetry/api';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkerSpanProcessor, type WorkerSpanProcessorSettings } from './worker-span-processor';

interface Sent {
  names: string[];
  spans: number;
  answer: (result: ExportResult) => void;
}

function setUp(settings: Partial<WorkerSpanProcessorSettings> = {}) {
  const sent: Sent[] = [];
  let shutdowns = 0;
  const processor = new WorkerSpanProcessor(
    {
      send(body, spans, answer) {
        const text = Buffer.concat(
          body.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)),
        ).toString();
        const request = JSON.parse(text) as {
          resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[];
        };
        const names = request.resourceSpans.flatMap((resource) =>
          resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name)),
        );
        sent.push({ names, spans, answer });
      },
      shutdown: async () => void shutdowns++,
    },
    { maxExportBatchSize: 3, scheduledDelayMillis: 1000, maxQueueSize: 100, ...settings },
  );
  const tracer = new BasicTracerProvider({ spanProcessors: [processor] }).getTracer('spec');
  const end = (...names: string[]) => names.forEach((name) => tracer.startSpan(name).end());
  return { processor, tracer, sent, end, shutdowns: () => shutdowns };
}

const ok = { code: ExportResultCode.SUCCESS };

describe('WorkerSpanProcessor', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a batch as soon as it is full, encoded span by span', () => {
    const { sent, end } = setUp();
    end('a', 'b');
    expect(sent).toEqual([]);
    end('c', 'd');
    expect(sent.map(({ names, spans }) => ({ names, spans }))).toEqual([
      { names: ['a', 'b', 'c'], spans: 3 },
    ]);
  });

  it('sends what it gathered once the first span has waited the delay', () => {
    vi.useFakeTimers();
    const { sent, end } = setUp();
    end('a');
    vi.advanceTimersByTime(999);
    end('b');
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent.map(({ names }) => names)).toEqual([['a', 'b']]);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(1);
  });

  it('drops spans that are not sampled, and spans beyond the queue while batches are unanswered', () => {
    const { sent, end, tracer } = setUp({ maxQueueSize: 4 });
    const unsampled = trace.setSpanContext(context.active(), {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.NONE,
    });
    tracer.startSpan('unsampled', { kind: SpanKind.SERVER }, unsampled).end();
    end('a', 'b', 'c', 'd', 'e', 'f');
    expect(sent.map(({ names }) => names)).toEqual([['a', 'b', 'c']]);
    sent[0]!.answer(ok);
    end('g', 'h');
    expect(sent.map(({ names }) => names)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'g', 'h'],
    ]);
  });

  it('forceFlush sends what is gathered and waits for every answer; shutdown stops the sink', async () => {
    const { processor, sent, end, shutdowns } = setUp();
    end('a', 'b', 'c', 'd');
    let flushed = false;
    const flushing = processor.forceFlush().then(() => (flushed = true));
    expect(sent.map(({ names }) => names)).toEqual([['a', 'b', 'c'], ['d']]);
    sent[1]!.answer(ok);
    await Promise.resolve();
    expect(flushed).toBe(false);
    sent[0]!.answer({ code: ExportResultCode.FAILED, error: new Error('refused') });
    await flushing;
    expect(flushed).toBe(true);
    await processor.shutdown();
    expect(shutdowns()).toBe(1);
    end('after');
    await processor.forceFlush();
    expect(sent).toHaveLength(2);
  });
});
