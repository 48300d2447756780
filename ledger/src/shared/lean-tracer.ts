import {
  INVALID_SPAN_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  context,
  diag,
  trace,
  type Attributes,
  type AttributeValue,
  type Context,
  type Exception,
  type HrTime,
  type Link,
  type Span,
  type SpanAttributes,
  type SpanContext,
  type SpanOptions,
  type SpanStatus,
  type TimeInput,
  type Tracer,
} from '@opentelemetry/api';
import {
  isAttributeValue,
  isTracingSuppressed,
  sanitizeAttributes,
  timeInputToHrTime,
  type InstrumentationScope,
} from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import type {
  IdGenerator,
  ReadableSpan,
  SpanProcessor,
  TimedEvent,
} from '@opentelemetry/sdk-trace-base';

// The SDK's Tracer and Span (sdk-trace 2.x) with what the default configuration does and nothing
// else: ParentBased(AlwaysOn) sampling, the default limits (128 attributes, events and links, no
// value length limit), one span processor. What the SDK adds per span and this leaves out: its
// `otel.sdk.span.*` metrics (counters on a no-op meter, with an attributes object per span),
// attributes sanitised twice at start, a sampler chain, Date.now plus performance.now and an
// [s, ns] pair at start and end, a regex check of a parent context it made itself. Used only when
// the environment asks for nothing else (see leanTracingAllowed); the provider stays the SDK's.

/** Our spans' limits: the SDK's defaults (sdk-trace-base loadDefaultConfig). */
const COUNT_LIMIT = 128;

/**
 * Milliseconds since the epoch, with performance.now's resolution: the wall clock's offset is
 * read again at most once a second, so a span's timestamps follow a clock that is adjusted and
 * its duration is the monotonic clock's.
 */
let wallOffset = Date.now() - performance.now();
let offsetReadAt = performance.now();
function epochMillis(monotonic: number): number {
  if (monotonic - offsetReadAt > 1000) {
    wallOffset = Date.now() - monotonic;
    offsetReadAt = monotonic;
  }
  return wallOffset + monotonic;
}

export function millisToHrTime(millis: number): HrTime {
  let seconds = Math.trunc(millis / 1000);
  let nanos = Math.round((millis - seconds * 1000) * 1e6);
  if (nanos >= 1e9) {
    seconds += 1;
    nanos -= 1e9;
  } else if (nanos < 0) {
    seconds -= 1;
    nanos += 1e9;
  }
  return [seconds, nanos];
}

const hrTimeToMillis = ([seconds, nanos]: HrTime) => seconds * 1000 + nanos / 1e6;

const explicitMillis = (time: TimeInput) => hrTimeToMillis(timeInputToHrTime(time));

export class LeanSpan implements Span, ReadableSpan {
  readonly attributes: Attributes = {};
  readonly links: Link[] = [];
  readonly events: TimedEvent[] = [];
  status: SpanStatus = { code: SpanStatusCode.UNSET };
  droppedAttributesCount = 0;
  droppedEventsCount = 0;
  droppedLinksCount = 0;
  ended = false;
  private attributeCount = 0;
  private readonly startedAt: number;
  private readonly startMillis: number;
  private endMillis = 0;

  constructor(
    public name: string,
    readonly kind: SpanKind,
    private readonly ownContext: SpanContext,
    readonly parentSpanContext: SpanContext | undefined,
    attributes: Attributes | undefined,
    links: Link[] | undefined,
    startTime: TimeInput | undefined,
    readonly resource: Resource,
    readonly instrumentationScope: InstrumentationScope,
    private readonly processor: SpanProcessor,
    parentContext: Context,
  ) {
    this.startedAt = performance.now();
    this.startMillis =
      startTime === undefined ? epochMillis(this.startedAt) : explicitMillis(startTime);
    if (links) for (const link of links) this.addLink(link);
    if (attributes) this.setAttributes(attributes);
    processor.onStart(this, parentContext);
  }

  spanContext(): SpanContext {
    return this.ownContext;
  }

  get startTime(): HrTime {
    return millisToHrTime(this.startMillis);
  }

  get endTime(): HrTime {
    return millisToHrTime(this.endMillis);
  }

  get duration(): HrTime {
    return millisToHrTime(this.endMillis - this.startMillis);
  }

  setAttribute(key: string, value: AttributeValue | undefined): this {
    if (value == null || this.ended || key.length === 0) return this;
    if (
      typeof value !== 'string' &&
      typeof value !== 'number' &&
      typeof value !== 'boolean' &&
      !isAttributeValue(value)
    ) {
      diag.warn(`Invalid attribute value set for key: ${key}`);
      return this;
    }
    if (!Object.prototype.hasOwnProperty.call(this.attributes, key)) {
      if (this.attributeCount >= COUNT_LIMIT) {
        this.droppedAttributesCount++;
        return this;
      }
      this.attributeCount++;
    }
    // As the SDK: an array is copied, so a caller changing it later does not change the span.
    this.attributes[key] = Array.isArray(value) ? value.slice() : value;
    return this;
  }

  setAttributes(attributes: SpanAttributes): this {
    for (const key in attributes)
      if (Object.prototype.hasOwnProperty.call(attributes, key))
        this.setAttribute(key, attributes[key]);
    return this;
  }

  addEvent(name: string, attributesOrTime?: SpanAttributes | TimeInput, time?: TimeInput): this {
    if (this.ended) return this;
    const isTime =
      typeof attributesOrTime === 'number' ||
      attributesOrTime instanceof Date ||
      Array.isArray(attributesOrTime);
    const attributes = isTime ? undefined : (attributesOrTime as SpanAttributes | undefined);
    const at = (isTime ? (attributesOrTime as TimeInput) : time) ?? undefined;
    if (this.events.length >= COUNT_LIMIT) {
      this.events.shift();
      this.droppedEventsCount++;
    }
    const sanitized = sanitizeAttributes(attributes);
    const keys = Object.keys(sanitized);
    const kept: Attributes = {};
    for (const key of keys.slice(0, COUNT_LIMIT)) kept[key] = sanitized[key];
    this.events.push({
      name,
      attributes: kept,
      time: millisToHrTime(at === undefined ? this.nowMillis() : explicitMillis(at)),
      droppedAttributesCount: Math.max(0, keys.length - COUNT_LIMIT),
    });
    return this;
  }

  addLink(link: Link): this {
    if (this.ended) return this;
    if (this.links.length >= COUNT_LIMIT) {
      this.droppedLinksCount++;
      return this;
    }
    const sanitized = sanitizeAttributes(link.attributes);
    const keys = Object.keys(sanitized);
    const kept: Link = { context: link.context };
    if (keys.length > 0) {
      const attributes: Attributes = {};
      for (const key of keys.slice(0, COUNT_LIMIT)) attributes[key] = sanitized[key];
      kept.attributes = attributes;
    }
    if (keys.length > COUNT_LIMIT) kept.droppedAttributesCount = keys.length - COUNT_LIMIT;
    this.links.push(kept);
    return this;
  }

  addLinks(links: Link[]): this {
    for (const link of links) this.addLink(link);
    return this;
  }

  setStatus(status: SpanStatus): this {
    if (this.ended || status.code === SpanStatusCode.UNSET) return this;
    if (this.status.code === SpanStatusCode.OK) return this;
    this.status =
      status.code === SpanStatusCode.ERROR && typeof status.message === 'string'
        ? { code: status.code, message: status.message }
        : { code: status.code };
    return this;
  }

  updateName(name: string): this {
    if (!this.ended) this.name = name;
    return this;
  }

  end(endTime?: TimeInput): void {
    if (this.ended) {
      diag.error(
        `${this.name} ${this.ownContext.spanId} - You can only call end() on a span once.`,
      );
      return;
    }
    const endMillis = endTime === undefined ? this.nowMillis() : explicitMillis(endTime);
    this.endMillis = Math.max(endMillis, this.startMillis);
    this.processor.onEnding?.(this);
    this.ended = true;
    this.processor.onEnd(this);
  }

  isRecording(): boolean {
    return !this.ended;
  }

  recordException(exception: Exception, time?: TimeInput): void {
    const attributes: Attributes = {};
    if (typeof exception === 'string') attributes['exception.message'] = exception;
    else if (exception) {
      if (exception.code) attributes['exception.type'] = exception.code.toString();
      else if (exception.name) attributes['exception.type'] = exception.name;
      if (exception.message) attributes['exception.message'] = exception.message;
      if (exception.stack) attributes['exception.stacktrace'] = exception.stack;
    }
    if (attributes['exception.type'] || attributes['exception.message'])
      this.addEvent('exception', attributes, time);
  }

  /** Now on the span's own clock: its start plus the monotonic time since. */
  private nowMillis(): number {
    return this.startMillis + (performance.now() - this.startedAt);
  }
}

export interface LeanTracerOptions {
  readonly resource: Resource;
  readonly scope: InstrumentationScope;
  readonly idGenerator: IdGenerator;
  readonly processor: SpanProcessor;
}

/** A Tracer of LeanSpans (the OpenTelemetry API's Tracer; see the top of this file). */
export class LeanTracer implements Tracer {
  constructor(private readonly options: LeanTracerOptions) {}

  startSpan(name: string, options: SpanOptions = {}, parentContext?: Context): Span {
    let from = parentContext ?? context.active();
    if (options.root) from = trace.deleteSpan(from);
    if (isTracingSuppressed(from)) return trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
    const parentSpan = trace.getSpan(from);
    const parent = parentSpan?.spanContext();
    const { idGenerator } = this.options;
    const spanId = idGenerator.generateSpanId();
    // A context our own span carries was made valid here; a remote one is checked.
    const validParent =
      parent && (parentSpan instanceof LeanSpan || trace.isSpanContextValid(parent))
        ? parent
        : undefined;
    // ParentBased(AlwaysOn): a root is sampled, a child as its parent was.
    const sampled = !validParent || (validParent.traceFlags & TraceFlags.SAMPLED) !== 0;
    const spanContext: SpanContext = {
      traceId: validParent ? validParent.traceId : idGenerator.generateTraceId(),
      spanId,
      traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
      ...(validParent?.traceState ? { traceState: validParent.traceState } : {}),
    };
    if (!sampled) return trace.wrapSpanContext(spanContext);
    return new LeanSpan(
      name,
      options.kind ?? SpanKind.INTERNAL,
      spanContext,
      validParent,
      options.attributes,
      options.links,
      options.startTime,
      this.options.resource,
      this.options.scope,
      this.options.processor,
      from,
    );
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    options: SpanOptions,
    fn: F,
  ): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    options: SpanOptions,
    parentContext: Context,
    fn: F,
  ): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    second: SpanOptions | F,
    third?: Context | F,
    fourth?: F,
  ): ReturnType<F> {
    const fn = (fourth ?? (typeof third === 'function' ? third : second)) as F;
    const options = typeof second === 'function' ? {} : second;
    const parentContext = (typeof third === 'object' ? third : undefined) ?? context.active();
    const span = this.startSpan(name, options, parentContext);
    const run = fn as (span: Span) => ReturnType<F>;
    return context.with(trace.setSpan(parentContext, span), run, undefined, span);
  }
}

const LIMIT_VARIABLES = [
  'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT',
  'OTEL_ATTRIBUTE_COUNT_LIMIT',
  'OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT',
  'OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT',
  'OTEL_SPAN_LINK_COUNT_LIMIT',
  'OTEL_SPAN_EVENT_COUNT_LIMIT',
  'OTEL_SPAN_ATTRIBUTE_PER_EVENT_COUNT_LIMIT',
  'OTEL_SPAN_ATTRIBUTE_PER_LINK_COUNT_LIMIT',
];

/**
 * Whether the environment leaves the SDK at its defaults, which is all LeanTracer does: no
 * sampler other than parentbased_always_on and no limits set. Otherwise the SDK's tracer is used.
 */
export function leanTracingAllowed(env: NodeJS.ProcessEnv): boolean {
  const sampler = env.OTEL_TRACES_SAMPLER?.trim();
  if (sampler && sampler !== 'parentbased_always_on') return false;
  return LIMIT_VARIABLES.every((name) => !env[name]?.trim());
}
