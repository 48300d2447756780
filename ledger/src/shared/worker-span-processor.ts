import { TraceFlags, type Context } from '@opentelemetry/api';
import {
  ExportResultCode,
  globalErrorHandler,
  type ExportResult,
  type InstrumentationScope,
} from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { encodeSpan, groupFor, otlpTraceRequestText, type SpanGroup } from './otlp-json';

/** Where joined batches go (WorkerSpanExporter#send). */
export interface EncodedSpanSink {
  send(body: string, spans: number, resultCallback: (result: ExportResult) => void): void;
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
 * to OTLP JSON when it ends rather than kept until its batch leaves. Two things come of that: the
 * event loop never stops for a whole batch's serialisation (about a millisecond for 256 spans,
 * taken by whichever request ended the batch), only for a join of short strings; and a finished
 * span, its attributes and its context die young instead of living through several scavenges
 * until their batch is sent, which promoted every one of them to the old generation.
 */
export class WorkerSpanProcessor implements SpanProcessor {
  private groups = new Map<Resource, Map<InstrumentationScope, SpanGroup>>();
  private gathered = 0;
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
    if (this.gathered + this.unanswered >= this.settings.maxQueueSize) return;
    groupFor(this.groups, span).spans.push(encodeSpan(span));
    this.gathered++;
    if (this.gathered >= this.settings.maxExportBatchSize) this.sendGathered();
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
    if (this.gathered === 0) return;
    const spans = this.gathered;
    const groups = this.groups;
    this.groups = new Map();
    this.gathered = 0;
    this.unanswered += spans;
    const body = otlpTraceRequestText(
      [...groups.values()].flatMap((byScope) => [...byScope.values()]),
    );
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
