import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { BasicTracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver } from '../testing/otlp-receiver';
import { WorkerSpanExporter } from './worker-span-exporter';

/** Finished spans, made by a provider that exports nothing itself. */
function finishedSpans(count: number): ReadableSpan[] {
  const tracer = new BasicTracerProvider().getTracer('spec');
  return Array.from({ length: count }, (_, index) => {
    const span = tracer.startSpan(`span ${index}`, {
      kind: SpanKind.SERVER,
      attributes: { 'spec.index': index },
    });
    span.end();
    return span as unknown as ReadableSpan;
  });
}

const exported = (exporter: WorkerSpanExporter, spans: ReadableSpan[]) =>
  new Promise<ExportResult>((resolve) => exporter.export(spans, resolve));

describe('WorkerSpanExporter', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('sends the batches from its worker as OTLP/HTTP JSON and answers each export', async () => {
    const exporter = new WorkerSpanExporter(`${receiver.url}/v1/traces`);
    try {
      const spans = finishedSpans(3);
      const result = await exported(exporter, spans);
      expect(result.code).toBe(ExportResultCode.SUCCESS);
      const sent = spans.map((span) => span.spanContext().spanId);
      expect(receiver.spans.map((span) => span.spanId)).toEqual(expect.arrayContaining(sent));
      expect(receiver.spans.find((span) => span.spanId === sent[2])?.name).toBe('span 2');
      expect([...receiver.contentTypes()]).toContain('application/json');
    } finally {
      await exporter.shutdown();
    }
  });

  it('reports a refused export as failed, and forceFlush waits for every batch handed over', async () => {
    const refusing = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(400).end('{}'));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.address() as AddressInfo;
    const exporter = new WorkerSpanExporter(`http://127.0.0.1:${port}/v1/traces`);
    try {
      const results: ExportResult[] = [];
      exporter.export(finishedSpans(1), (result) => results.push(result));
      exporter.export(finishedSpans(1), (result) => results.push(result));
      await exporter.forceFlush();
      expect(results.map((result) => result.code)).toEqual([
        ExportResultCode.FAILED,
        ExportResultCode.FAILED,
      ]);
    } finally {
      await exporter.shutdown();
      refusing.close();
    }
  });

  it('fails at once, rather than never answering, once its worker is gone', async () => {
    const exporter = new WorkerSpanExporter(`${receiver.url}/v1/traces`);
    await exporter.shutdown();
    const result = await exported(exporter, finishedSpans(1));
    expect(result.code).toBe(ExportResultCode.FAILED);
    await exporter.forceFlush();
  });
});
