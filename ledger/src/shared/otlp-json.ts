import type { AttributeValue, Attributes, HrTime, Link, SpanContext } from '@opentelemetry/api';
import type { InstrumentationScope } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, TimedEvent } from '@opentelemetry/sdk-trace-base';

// OTLP/HTTP JSON (the protobuf JSON mapping of ExportTraceServiceRequest), written one span at a
// time as the span ends, so that a batch is only joined, never serialised, when it leaves: the
// SDK's serialiser (JsonTraceSerializer) turns a whole batch into objects, BigInts and one string
// in a single pass on the event loop. The shape is the SDK's, field for field (otlp-json spec).

const HAS_IS_REMOTE = 0x100;
const IS_REMOTE = 0x200;

const flagsOf = (traceFlags: number, isRemote: boolean | undefined) =>
  (traceFlags & 0xff) | HAS_IS_REMOTE | (isRemote ? IS_REMOTE : 0);

/** [seconds, nanoseconds] as the decimal string of nanoseconds, without BigInt. */
export function hrTimeToNanosText([seconds, nanos]: HrTime): string {
  const wholeSeconds = Math.trunc(seconds);
  const wholeNanos = Math.trunc(nanos);
  if (wholeSeconds === 0) return String(wholeNanos);
  if (wholeSeconds < 0 || wholeNanos < 0 || wholeNanos >= 1e9)
    return (BigInt(wholeSeconds) * 1_000_000_000n + BigInt(wholeNanos)).toString();
  return `${wholeSeconds}${String(wholeNanos).padStart(9, '0')}`;
}

type AnyValue =
  | { stringValue: string }
  | { intValue: number }
  | { doubleValue: number }
  | { boolValue: boolean }
  | { bytesValue: string }
  | { arrayValue: { values: AnyValue[] } }
  | { kvlistValue: { values: { key: string; value: AnyValue }[] } }
  | Record<string, never>;

function anyValue(value: unknown): AnyValue {
  switch (typeof value) {
    case 'string':
      return { stringValue: value };
    case 'number':
      return Number.isInteger(value) ? { intValue: value } : { doubleValue: value };
    case 'boolean':
      return { boolValue: value };
  }
  if (value instanceof Uint8Array) return { bytesValue: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  if (typeof value === 'object' && value !== null)
    return {
      kvlistValue: {
        values: Object.keys(value).map((key) => ({
          key,
          value: anyValue((value as Record<string, unknown>)[key]),
        })),
      },
    };
  return {};
}

const attributesOf = (attributes: Attributes | undefined) =>
  attributes
    ? Object.keys(attributes).map((key) => ({
        key,
        value: anyValue(attributes[key] as AttributeValue | undefined),
      }))
    : [];

const eventOf = (event: TimedEvent) => ({
  attributes: attributesOf(event.attributes),
  name: event.name,
  timeUnixNano: hrTimeToNanosText(event.time),
  droppedAttributesCount: event.droppedAttributesCount || 0,
});

const linkOf = (link: Link) => ({
  attributes: attributesOf(link.attributes),
  spanId: link.context.spanId,
  traceId: link.context.traceId,
  traceState: link.context.traceState?.serialize(),
  droppedAttributesCount: link.droppedAttributesCount || 0,
  flags: flagsOf(link.context.traceFlags, link.context.isRemote),
});

/** One finished span as an OTLP JSON `Span` object's text. */
export function encodeSpan(span: ReadableSpan): string {
  const context: SpanContext = span.spanContext();
  const parent = span.parentSpanContext;
  return JSON.stringify({
    traceId: context.traceId,
    spanId: context.spanId,
    parentSpanId: parent?.spanId || undefined,
    traceState: context.traceState?.serialize(),
    name: span.name,
    // OTLP's kinds start at 1 (0 is unspecified); the API's at 0.
    kind: span.kind == null ? 0 : span.kind + 1,
    startTimeUnixNano: hrTimeToNanosText(span.startTime),
    endTimeUnixNano: hrTimeToNanosText(span.endTime),
    attributes: attributesOf(span.attributes),
    droppedAttributesCount: span.droppedAttributesCount,
    events: span.events.map(eventOf),
    droppedEventsCount: span.droppedEventsCount,
    status: { code: span.status.code, message: span.status.message },
    links: span.links.map(linkOf),
    droppedLinksCount: span.droppedLinksCount,
    flags: flagsOf(context.traceFlags, parent?.isRemote),
  });
}

/** Encoded spans of one resource and one instrumentation scope. */
export interface SpanGroup {
  readonly resource: Resource;
  readonly scope: InstrumentationScope;
  readonly spans: string[];
}

const resourceTexts = new WeakMap<Resource, string>();

function resourceText(resource: Resource): string {
  let text = resourceTexts.get(resource);
  if (text === undefined) {
    text = JSON.stringify({
      attributes: attributesOf(resource.attributes),
      droppedAttributesCount: 0,
      schemaUrl: resource.schemaUrl || undefined,
    });
    resourceTexts.set(resource, text);
  }
  return text;
}

/** Newer SDKs give a scope attributes; the OTLP scope carries them when there are any. */
type ScopeWithAttributes = InstrumentationScope & {
  attributes?: Attributes;
  droppedAttributesCount?: number;
};

function scopeText(scope: ScopeWithAttributes): string {
  const attributes = scope.attributes;
  return JSON.stringify({
    name: scope.name,
    version: scope.version,
    ...(attributes && Object.keys(attributes).length > 0
      ? {
          attributes: attributesOf(attributes),
          droppedAttributesCount: scope.droppedAttributesCount ?? 0,
        }
      : {}),
  });
}

/** An ExportTraceServiceRequest's JSON text from groups of encoded spans. */
export function otlpTraceRequestText(groups: Iterable<SpanGroup>): string {
  const byResource = new Map<Resource, string[]>();
  for (const group of groups) {
    if (group.spans.length === 0) continue;
    const schemaUrl = group.scope.schemaUrl
      ? `,"schemaUrl":${JSON.stringify(group.scope.schemaUrl)}`
      : '';
    const scopeSpans = `{"scope":${scopeText(group.scope)},"spans":[${group.spans.join(',')}]${schemaUrl}}`;
    const list = byResource.get(group.resource);
    if (list) list.push(scopeSpans);
    else byResource.set(group.resource, [scopeSpans]);
  }
  const resourceSpans = [...byResource].map(([resource, scopeSpans]) => {
    const schemaUrl = resource.schemaUrl
      ? `,"schemaUrl":${JSON.stringify(resource.schemaUrl)}`
      : '';
    return `{"resource":${resourceText(resource)},"scopeSpans":[${scopeSpans.join(',')}]${schemaUrl}}`;
  });
  return `{"resourceSpans":[${resourceSpans.join(',')}]}`;
}

/** Finished spans as one request's text (the exporter interface's batches). */
export function encodeSpans(spans: readonly ReadableSpan[]): string {
  const groups = new Map<Resource, Map<InstrumentationScope, SpanGroup>>();
  for (const span of spans) groupFor(groups, span).spans.push(encodeSpan(span));
  return otlpTraceRequestText([...groups.values()].flatMap((byScope) => [...byScope.values()]));
}

/** The group a span belongs in (by resource and scope object), made when first needed. */
export function groupFor(
  groups: Map<Resource, Map<InstrumentationScope, SpanGroup>>,
  span: ReadableSpan,
): SpanGroup {
  let byScope = groups.get(span.resource);
  if (!byScope) groups.set(span.resource, (byScope = new Map()));
  let group = byScope.get(span.instrumentationScope);
  if (!group) {
    group = { resource: span.resource, scope: span.instrumentationScope, spans: [] };
    byScope.set(span.instrumentationScope, group);
  }
  return group;
}
