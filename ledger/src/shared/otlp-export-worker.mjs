// The sending half of WorkerSpanExporter (worker-span-exporter.ts): posts the OTLP/HTTP JSON
// bodies made on the main thread (pieces of text and UTF-8 bytes, put together here) with the
// SDK's own HTTP delegate (OTEL_EXPORTER_OTLP_* headers, timeout and compression, retries,
// keep-alive), so the requests, their timers and their
// answers cost the event loop that serves users nothing. Plain JavaScript: a worker thread does
// not inherit the TypeScript loader the main thread was started with.
import { parentPort, workerData } from 'node:worker_threads';
import {
  convertLegacyHttpOptions,
  createOtlpHttpExportDelegate,
} from '@opentelemetry/otlp-exporter-base/node-http';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';

/** @typedef {{ id: number, body: (string | Uint8Array)[], spans: number }} ExportRequest */

const delegate = createOtlpHttpExportDelegate(
  convertLegacyHttpOptions({ url: workerData.url }, 'TRACES', 'v1/traces', {
    'Content-Type': 'application/json',
  }),
  {
    /** @param {ExportRequest} request */
    serializeRequest: (request) =>
      Buffer.concat(
        request.body.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part)),
      ),
    deserializeResponse: JsonTraceSerializer.deserializeResponse,
  },
  'otlp_http_span_exporter',
  { name: 'span', /** @param {ExportRequest} request */ countItems: (request) => request.spans },
  undefined,
);

parentPort.on('message', (/** @type {ExportRequest} */ request) =>
  delegate.export(request, (result) =>
    parentPort.postMessage({
      id: request.id,
      code: result.code,
      ...(result.error ? { error: result.error.message } : {}),
    }),
  ),
);
