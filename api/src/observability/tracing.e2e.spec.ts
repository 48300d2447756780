import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type ReceivedSpan } from '@app/ledger/testing/otlp-receiver';
import { startE2eServer, type E2eServer } from '../testing/e2e-server';
import { fixturePhoto } from '../testing/fixtures';
import { HttpClient } from '../testing/http-client';

const parseLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { req?: { id: string }; traceId?: string; msg: string });

/** The spans of one trace as a tree: exactly one root, every other span's parent in the trace. */
function treeOf(spans: ReceivedSpan[], traceId: string) {
  const inTrace = spans.filter((span) => span.traceId === traceId);
  const ids = new Set(inTrace.map((span) => span.spanId));
  const roots = inTrace.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId));
  const byId = new Map(inTrace.map((span) => [span.spanId, span]));
  const ancestors = (span: ReceivedSpan) => {
    const names: string[] = [];
    let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
    while (parent) {
      names.push(parent.name);
      parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined;
    }
    return names;
  };
  return { spans: inTrace, roots, ancestors };
}

async function waitForSpans(spans: ReceivedSpan[], traceId: string, names: string[]) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const present = new Set(spans.filter((s) => s.traceId === traceId).map((s) => s.name));
    if (names.every((name) => present.has(name))) return;
    if (Date.now() > deadline)
      throw new Error(`trace ${traceId} has ${[...present].join(', ')}; wanted ${names}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('traces exported over OTLP/HTTP', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let server: E2eServer;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    server = await startE2eServer({
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      PAYMENTS: 'local',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('a `me` request and a generation are each one trace, and their log lines carry its id', async () => {
    const label = randomUUID().slice(0, 8);
    const api = new HttpClient(server.url);
    const registered = await api.json('/api/auth/register', {
      email: `traced-${label}@example.com`,
      password: `pw-${randomUUID()}`,
      username: `trace_${label}`,
    });
    api.bearer = ((await registered.json()) as { token: string }).token;

    const me = await api.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({ query: 'query Me { me { id credits pendingEmail } }' }),
    });
    expect(me.status).toBe(200);
    const meRequestId = me.headers.get('x-request-id')!;

    const form = new FormData();
    form.set('style', 'anime');
    form.set(
      'profileImage',
      new Blob([new Uint8Array(await fs.readFile(fixturePhoto('chelsea.png')))], {
        type: 'image/png',
      }),
      'chelsea.png',
    );
    const generated = await api.fetch('/api/generate-image', { method: 'POST', body: form });
    expect(generated.status).toBe(200);
    const generationRequestId = generated.headers.get('x-request-id')!;

    // The request's log line names its trace (written as the response ends: wait for it).
    const traceOf = async (requestId: string) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const line = parseLines(server.api.output()).find(
          (entry) => entry.req?.id === requestId && entry.msg === 'request completed',
        );
        if (line || Date.now() > deadline) {
          expect(line?.traceId).toMatch(/^[0-9a-f]{32}$/);
          return line!.traceId!;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const meTrace = await traceOf(meRequestId);
    const generationTrace = await traceOf(generationRequestId);
    expect(meTrace).not.toBe(generationTrace);

    await waitForSpans(receiver.spans, meTrace, ['POST /graphql', 'graphql query Me']);
    const meTree = treeOf(receiver.spans, meTrace);
    expect(meTree.roots.map((span) => span.name)).toEqual(['POST /graphql']);
    const operation = meTree.spans.find((span) => span.name === 'graphql query Me')!;
    expect(meTree.ancestors(operation)).toEqual(['POST /graphql']);
    // The resolvers' reads are Postgres spans under the operation (the balance may come from memory;
    // the pending email is read from the database).
    const reads = meTree.spans.filter((span) => span.name.startsWith('pg '));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.some((span) => meTree.ancestors(span).includes('graphql query Me'))).toBe(true);

    // A caller's W3C traceparent is continued: the server span joins its trace, under its span.
    const callerTrace = randomUUID().replaceAll('-', '');
    const continued = await api.fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-graphql-yoga-csrf': '1',
        traceparent: `00-${callerTrace}-00f067aa0ba902b7-01`,
      },
      body: JSON.stringify({ query: 'query Me { me { id } }' }),
    });
    expect(continued.status).toBe(200);
    await waitForSpans(receiver.spans, callerTrace, ['POST /graphql', 'graphql query Me']);
    const continuedServer = treeOf(receiver.spans, callerTrace).spans.find(
      (span) => span.name === 'POST /graphql',
    );
    expect(continuedServer?.parentSpanId).toBe('00f067aa0ba902b7');

    const expected = [
      'POST /api/generate-image',
      'eventstore.append',
      'provider.submit',
      'provider.wait',
    ];
    await waitForSpans(receiver.spans, generationTrace, expected);
    const generation = treeOf(receiver.spans, generationTrace);
    expect(generation.roots.map((span) => span.name)).toEqual(['POST /api/generate-image']);
    for (const span of generation.spans.filter((s) => s.name !== 'POST /api/generate-image'))
      expect(generation.ancestors(span).at(-1)).toBe('POST /api/generate-image');
    // The hold, the generation's events and the capture: several appends in the one trace.
    expect(
      generation.spans.filter((span) => span.name === 'eventstore.append').length,
    ).toBeGreaterThanOrEqual(3);
    expect(generation.spans.some((span) => span.name.startsWith('pg '))).toBe(true);
    // The events the generation appended carry its trace id as their correlation id: from an
    // event in the ledger an operator finds the trace (and through it the log lines).
    if (server.pool) {
      const { rows } = await server.pool.query<{ type: string; correlation: string }>(
        `SELECT type, metadata->>'correlationId' AS correlation FROM events
          WHERE stream_id LIKE 'generation-%' OR metadata->>'correlationId' = $1
          ORDER BY global_position`,
        [generationTrace],
      );
      const traced = rows.filter((row) => row.correlation === generationTrace).map((r) => r.type);
      expect(traced).toEqual(
        expect.arrayContaining(['GenerationRequested', 'GenerationSucceeded']),
      );
      expect(traced.length).toBeGreaterThanOrEqual(3);
      // Every event of the generation's stream came from that one request.
      expect(
        rows.filter((row) => row.type.startsWith('Generation')).map((row) => row.correlation),
      ).toEqual(rows.filter((row) => row.type.startsWith('Generation')).map(() => generationTrace));
    }
    // No statement parameters (personal data) travel with the spans.
    expect(JSON.stringify(receiver.spans)).not.toContain(`traced-${label}@example.com`);
    expect([...receiver.contentTypes()].some((type) => type.includes('application/json'))).toBe(
      true,
    );
  }, 180_000);
});
