import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
  /** The exporting process's `service.name` (from the span's resource). */
  service?: string;
}

/** A span attribute's value, whatever its OTLP type (`intValue` arrives as a string). */
export const attributeOf = (span: ReceivedSpan, key: string): unknown => {
  const value = span.attributes?.find((attribute) => attribute.key === key)?.value;
  if (!value) return undefined;
  const [kind, raw] = Object.entries(value)[0] ?? [];
  return kind === 'intValue' ? Number(raw) : raw;
};

interface OtlpBody {
  resourceSpans: {
    resource?: { attributes?: ReceivedSpan['attributes'] };
    scopeSpans: { spans: ReceivedSpan[] }[];
  }[];
}

/** An OTLP/HTTP receiver (JSON bodies, `POST /v1/traces`) that keeps every span it is sent. */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  let contentTypes = new Set<string>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      contentTypes.add(String(request.headers['content-type']));
      if (request.url === '/v1/traces' && request.method === 'POST') {
        const parsed = JSON.parse(body) as OtlpBody;
        for (const resource of parsed.resourceSpans) {
          const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')
            ?.value.stringValue;
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans)
              spans.push({ ...span, ...(typeof service === 'string' ? { service } : {}) });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    contentTypes: () => contentTypes,
    reset: () => (contentTypes = new Set()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
