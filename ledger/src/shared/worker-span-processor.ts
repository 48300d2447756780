import { TraceFlags, type Context } from '@opentelemetry/api';
import { ExportResultCode, globalErrorHandler, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { encodeSpan, otlpTraceRequestParts } from './otlp-json';
import { SpanBatch } from './span-bytes';

/** Where batches go (WorkerSpanExporter#send): a request's JSON in pieces, bytes transferred. */
export interface EncodedSpanSink {
  send(
    body: (string | Uint8Array)[],
    spans: number,
    resultCallback: (result: ExportResult) => void,
  ): void;
  shutdown(): Promise<void>;
}

export interface WorkerSpanProcessorSettings {
  /** Spans a batch holds before it is sent at once. */
  readonly maxExportBatchSize: number;
  /** How long the first span of a batch waits, at most, for the rest. */
  readonly scheduledDelayMillis: number;
  /** Spans gathered or sent but not yet answered beyond which new spans are dropped. */
  readonly maxQueueSize: number;
}

/**
 * The BatchSpanProcessor's batching (size, delay, queue limit, flush), but each span is encoded
 * to OTLP JSON when it ends, into a buffer outside the JavaScript heap (SpanBytes), rather than
 * kept until its batch leaves. So the event loop never stops for a whole batch's serialisation
 * (about half a millisecond for 256 spans, taken by whichever request ended the batch), and a
 * finished span, its attributes, its context and its text die young instead of living through
 * scavenges until their batch is sent, which promoted them to the old generation.
 */
export class WorkerSpanProcessor implements SpanProcessor {
  private batch = new SpanBatch();
  private unanswered = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly sent = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly sink: EncodedSpanSink,
    private readonly settings: WorkerSpanProcessorSettings,
  ) {}

  onStart(_span: Span, _parentContext: Context): void {}

  onEnd(span: ReadableSpan): void {
    if (this.stopped || (span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0) return;
    if (this.batch.count + this.unanswered >= this.settings.maxQueueSize) return;
    this.batch.add(span.resource, span.instrumentationScope, encodeSpan(span));
    if (this.batch.count >= this.settings.maxExportBatchSize) this.sendGathered();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.sendGathered(), this.settings.scheduledDelayMillis);
      // A pending batch does not keep a finished process alive: shutdown sends it.
      this.timer.unref();
    }
  }

  /** Sends what is gathered and waits until every batch sent so far is answered. */
  async forceFlush(): Promise<void> {
    this.sendGathered();
    await Promise.all(this.sent);
  }

  async shutdown(): Promise<void> {
    if (this.stopped) return;
    await this.forceFlush();
    this.stopped = true;
    await this.sink.shutdown();
  }

  private sendGathered() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.batch.count === 0) return;
    const spans = this.batch.count;
    const body = otlpTraceRequestParts(this.batch.encoded());
    this.batch = new SpanBatch();
    this.unanswered += spans;
    let settle = () => {};
    const answered = new Promise<void>((resolve) => (settle = resolve));
    this.sent.add(answered);
    this.sink.send(body, spans, (result) => {
      this.unanswered -= spans;
      this.sent.delete(answered);
      // As the BatchSpanProcessor: a failed batch is reported, not retried.
      if (result.code !== ExportResultCode.SUCCESS)
        globalErrorHandler(result.error ?? new Error('span export failed'));
      settle();
    });
  }
}
