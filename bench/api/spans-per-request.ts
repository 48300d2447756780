// What one traced `me` request exports: its spans by name with their attribute keys, and the
// OTLP bytes per request, from an API whose spans go to a local receiver that keeps them.
// Usage: npx tsx bench/api/spans-per-request.ts [requests, default 50]
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { spawnApi } from '../../api/src/testing/spawn-api';
import { meRequest } from '../lib/me-request';
import { registerBenchUser } from '../lib/register-user';

interface OtlpSpan {
  traceId: string;
  name: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
}
interface OtlpBody {
  resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const requests = Number(process.argv[2] ?? 50);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const spans: OtlpSpan[] = [];
let bytes = 0;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    bytes += body.length;
    const parsed = JSON.parse(body.toString('utf8')) as OtlpBody;
    for (const resource of parsed.resourceSpans)
      for (const scope of resource.scopeSpans) spans.push(...scope.spans);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const name = `bench_spans_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const api = await spawnApi({
  DATABASE_URL: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
  PROJECTIONS_MODE: 'in-process',
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
  OTEL_BSP_SCHEDULE_DELAY: '100',
  REPLICATE_API_TOKEN: 'bench-never-called',
});
try {
  const token = await registerBenchUser(api.url, 'spans');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { url, headers, body } = meRequest(api.url, token);
  const warm = await fetch(url, { method: 'POST', headers, body });
  if (!warm.ok) throw new Error(`me: HTTP ${warm.status}`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  spans.length = 0;
  bytes = 0;
  const traceIds = new Set<string>();
  for (let index = 0; index < requests; index++) {
    const response = await fetch(url, { method: 'POST', headers, body });
    if (!response.ok) throw new Error(`me: HTTP ${response.status}`);
    await response.text();
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const byName = new Map<string, { count: number; keys: string }>();
  for (const span of spans) {
    traceIds.add(span.traceId);
    const keys = (span.attributes ?? []).map((attribute) => attribute.key).join(', ');
    const entry = byName.get(span.name) ?? { count: 0, keys };
    entry.count++;
    byName.set(span.name, entry);
  }
  console.log(
    `${requests} me requests: ${spans.length} spans in ${traceIds.size} traces, ` +
      `${(spans.length / requests).toFixed(2)} spans and ${(bytes / requests).toFixed(0)} OTLP bytes per request`,
  );
  for (const [spanName, { count, keys }] of byName)
    console.log(`  ${(count / requests).toFixed(2).padStart(5)} × ${spanName}  [${keys}]`);
} finally {
  await api.stop();
  receiver.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
