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

const quote = JSON.stringify;

/** Attributes of strings, numbers and booleans as OTLP KeyValue text; undefined for any other. */
function primitiveAttributesText(attributes: Attributes): string | undefined {
  let text = '';
  for (const key of Object.keys(attributes)) {
    const value = attributes[key];
    let encoded: string;
    if (typeof value === 'string') encoded = `{"stringValue":${quote(value)}}`;
    else if (typeof value === 'number')
      encoded = Number.isInteger(value)
        ? `{"intValue":${quote(value)}}`
        : `{"doubleValue":${quote(value)}}`;
    else if (typeof value === 'boolean') encoded = `{"boolValue":${value}}`;
    else return undefined;
    text += `${text ? ',' : ''}{"key":${quote(key)},"value":${encoded}}`;
  }
  return text;
}

/**
 * One finished span as an OTLP JSON `Span` object's text. The spans a request makes (plain
 * attributes, no events, links or trace state) are written as text directly, without the object
 * tree JSON.stringify would walk; any other goes through that tree.
 */
export function encodeSpan(span: ReadableSpan): string {
  const context: SpanContext = span.spanContext();
  const parent = span.parentSpanContext;
  const attributes =
    span.events.length === 0 && span.links.length === 0 && !context.traceState
      ? primitiveAttributesText(span.attributes)
      : undefined;
  if (attributes === undefined) return encodeSpanObject(span, context, parent);
  const parentId = parent?.spanId ? `"parentSpanId":${quote(parent.spanId)},` : '';
  const message =
    span.status.message === undefined ? '' : `,"message":${quote(span.status.message)}`;
  return (
    `{"traceId":${quote(context.traceId)},"spanId":${quote(context.spanId)},${parentId}` +
    `"name":${quote(span.name)},"kind":${span.kind == null ? 0 : span.kind + 1},` +
    `"startTimeUnixNano":"${hrTimeToNanosText(span.startTime)}",` +
    `"endTimeUnixNano":"${hrTimeToNanosText(span.endTime)}",` +
    `"attributes":[${attributes}],"droppedAttributesCount":${span.droppedAttributesCount},` +
    `"events":[],"droppedEventsCount":${span.droppedEventsCount},` +
    `"status":{"code":${span.status.code}${message}},` +
    `"links":[],"droppedLinksCount":${span.droppedLinksCount},` +
    `"flags":${flagsOf(context.traceFlags, parent?.isRemote)}}`
  );
}

function encodeSpanObject(
  span: ReadableSpan,
  context: SpanContext,
  parent: SpanContext | undefined,
): string {
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

/** The encoded spans of one resource and one instrumentation scope, comma-separated. */
export interface EncodedSpans {
  readonly resource: Resource;
  readonly scope: InstrumentationScope;
  /** Span objects' JSON separated by commas, as text or as its UTF-8 bytes. */
  readonly spans: string | Uint8Array;
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

const schemaUrlField = (schemaUrl: string | undefined) =>
  schemaUrl ? `,"schemaUrl":${JSON.stringify(schemaUrl)}` : '';

/**
 * An ExportTraceServiceRequest's JSON from groups of encoded spans, as pieces to concatenate:
 * the envelope's text around each group's spans, which stay as they were given (bytes are not
 * decoded to be copied into one string).
 */
export function otlpTraceRequestParts(groups: Iterable<EncodedSpans>): (string | Uint8Array)[] {
  const byResource = new Map<Resource, EncodedSpans[]>();
  for (const group of groups) {
    if (group.spans.length === 0) continue;
    const list = byResource.get(group.resource);
    if (list) list.push(group);
    else byResource.set(group.resource, [group]);
  }
  const parts: (string | Uint8Array)[] = [];
  let text = '{"resourceSpans":[';
  let firstResource = true;
  for (const [resource, list] of byResource) {
    text += `${firstResource ? '' : ','}{"resource":${resourceText(resource)},"scopeSpans":[`;
    firstResource = false;
    list.forEach((group, index) => {
      text += `${index === 0 ? '' : ','}{"scope":${scopeText(group.scope)},"spans":[`;
      if (typeof group.spans === 'string') text += group.spans;
      else {
        parts.push(text, group.spans);
        text = '';
      }
      text += `]${schemaUrlField(group.scope.schemaUrl)}}`;
    });
    text += `]${schemaUrlField(resource.schemaUrl)}}`;
  }
  parts.push(`${text}]}`);
  return parts;
}

/** Finished spans as one request's JSON text (the exporter interface's batches). */
export function encodeSpans(spans: readonly ReadableSpan[]): string {
  const groups = new Map<Resource, Map<InstrumentationScope, string[]>>();
  for (const span of spans) {
    let byScope = groups.get(span.resource);
    if (!byScope) groups.set(span.resource, (byScope = new Map()));
    const list = byScope.get(span.instrumentationScope);
    if (list) list.push(encodeSpan(span));
    else byScope.set(span.instrumentationScope, [encodeSpan(span)]);
  }
  const encoded = [...groups].flatMap(([resource, byScope]) =>
    [...byScope].map(([scope, list]) => ({ resource, scope, spans: list.join(',') })),
  );
  return otlpTraceRequestParts(encoded).join('');
}
