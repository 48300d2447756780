import { Worker } from 'node:worker_threads';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { encodeSpans } from './otlp-json';

export interface ExportRequest {
  id: number;
  /** An ExportTraceServiceRequest's OTLP JSON, in pieces: text, and UTF-8 bytes. */
  body: (string | Uint8Array)[];
  spans: number;
}

export interface ExportReply {
  id: number;
  code: ExportResultCode;
  error?: string;
}

/**
 * OTLP/HTTP JSON export whose HTTP requests run on a worker thread. The batch's JSON is made
 * here (the spans are live objects; copying them to the worker would cost what encoding does)
 * and handed to the worker, which puts its pieces together and sends them. Sending from the event
 * loop that serves requests cost each export a request, a timer and an answer to parse, in the
 * middle of whichever request ended the batch. WorkerSpanProcessor encodes each span as it ends
 * and hands over bytes (send); export() is the SpanExporter interface's way in.
 */
export class WorkerSpanExporter implements SpanExporter {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (result: ExportResult) => void>();
  private readonly sent = new Map<number, Promise<void>>();
  private nextId = 0;
  private failure: Error | undefined;

  constructor(url: string) {
    this.worker = new Worker(new URL('./otlp-export-worker.mjs', import.meta.url), {
      workerData: { url },
    });
    // Exports in flight do not keep a process alive that is otherwise done (shutdown flushes).
    this.worker.unref();
    this.worker.on('message', (reply: ExportReply) =>
      this.settle(reply.id, {
        code: reply.code,
        ...(reply.error ? { error: new Error(reply.error) } : {}),
      }),
    );
    // A worker that died answers nothing more: what it held fails now, and so does what comes.
    const died = (error: Error) => {
      this.failure ??= error;
      for (const id of [...this.pending.keys()])
        this.settle(id, { code: ExportResultCode.FAILED, error });
    };
    this.worker.on('error', died);
    this.worker.on('exit', (code) => died(new Error(`the OTLP export worker exited (${code})`)));
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.send([encodeSpans(spans)], spans.length, resultCallback);
  }

  /**
   * Sends an ExportTraceServiceRequest's JSON of `spans` spans, given in pieces; the byte pieces'
   * buffers are transferred to the worker (unusable here afterwards), not copied.
   */
  send(
    body: (string | Uint8Array)[],
    spans: number,
    resultCallback: (result: ExportResult) => void,
  ): void {
    if (this.failure) return resultCallback({ code: ExportResultCode.FAILED, error: this.failure });
    const id = this.nextId++;
    this.sent.set(
      id,
      new Promise<void>((resolve) =>
        this.pending.set(id, (result) => {
          resultCallback(result);
          resolve();
        }),
      ),
    );
    const request: ExportRequest = { id, body, spans };
    const buffers = new Set<ArrayBuffer>();
    for (const part of body) if (typeof part !== 'string') buffers.add(part.buffer as ArrayBuffer);
    this.worker.postMessage(request, [...buffers]);
  }

  /** Waits for every batch handed over so far to be answered. */
  async forceFlush(): Promise<void> {
    await Promise.all(this.sent.values());
  }

  async shutdown(): Promise<void> {
    await this.forceFlush();
    await this.worker.terminate();
  }

  private settle(id: number, result: ExportResult) {
    const callback = this.pending.get(id);
    this.pending.delete(id);
    this.sent.delete(id);
    callback?.(result);
  }
}
