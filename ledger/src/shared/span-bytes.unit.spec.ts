import { resourceFromAttributes } from '@opentelemetry/resources';
import { describe, expect, it } from 'vitest';
import { otlpTraceRequestParts } from './otlp-json';
import { SpanBatch } from './span-bytes';

const resource = resourceFromAttributes({ 'service.name': 'spec' });
const other = resourceFromAttributes({ 'service.name': 'other' });
const scope = { name: 'spec', version: '1' };
const joined = (parts: (string | Uint8Array)[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)),
  ).toString();

describe('span bytes', () => {
  it('writes spans as UTF-8, comma-separated, growing past its first buffer', () => {
    const batch = new SpanBatch();
    const long = JSON.stringify({ name: 'ü→𝄞'.repeat(40_000) });
    batch.add(resource, scope, '{"name":"a"}');
    batch.add(resource, scope, long);
    batch.add(resource, scope, '{"name":"é"}');
    const [group] = batch.encoded();
    expect(batch.count).toBe(3);
    expect(Buffer.from(group!.spans).toString()).toBe(`{"name":"a"},${long},{"name":"é"}`);
  });

  it('makes the same request in bytes as in text, a group per resource and scope', () => {
    const batch = new SpanBatch();
    batch.add(resource, scope, '{"name":"a"}');
    batch.add(other, scope, '{"name":"b"}');
    batch.add(resource, { name: 'second' }, '{"name":"c"}');
    batch.add(resource, scope, '{"name":"d"}');
    const asBytes = JSON.parse(joined(otlpTraceRequestParts(batch.encoded()))) as unknown;
    const asText = JSON.parse(
      joined(
        otlpTraceRequestParts(
          batch.encoded().map((group) => ({
            resource: group.resource,
            scope: group.scope,
            spans: Buffer.from(group.spans).toString(),
          })),
        ),
      ),
    ) as unknown;
    expect(asBytes).toEqual(asText);
    expect(asBytes).toMatchObject({
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'spec' } }] },
          scopeSpans: [
            { scope: { name: 'spec', version: '1' }, spans: [{ name: 'a' }, { name: 'd' }] },
            { scope: { name: 'second' }, spans: [{ name: 'c' }] },
          ],
        },
        { scopeSpans: [{ spans: [{ name: 'b' }] }] },
      ],
    });
  });
});
