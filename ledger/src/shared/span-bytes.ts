import type { InstrumentationScope } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import type { EncodedSpans } from './otlp-json';

const encoder = new TextEncoder();
const COMMA = 0x2c;
/** Enough for 256 of our spans (about 500 bytes each) without growing. */
const INITIAL_BYTES = 192 * 1024;

/**
 * One resource's and scope's spans, written as UTF-8 into a buffer outside the JavaScript heap
 * as they end. Kept as strings until their batch left, they lived through scavenges and were
 * promoted to the old generation, and the batch was then joined and copied once more to reach
 * the export worker; the buffer is handed over as it is (transferred, not copied).
 */
export class SpanBytes implements EncodedSpans {
  private bytes = new Uint8Array(INITIAL_BYTES);
  private length = 0;

  constructor(
    readonly resource: Resource,
    readonly scope: InstrumentationScope,
  ) {}

  /** What is written so far (a view: valid until the next append). */
  get spans(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  append(spanJson: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit, and one more for the comma.
    const needed = this.length + 1 + spanJson.length * 3;
    if (needed > this.bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
      grown.set(this.spans);
      this.bytes = grown;
    }
    if (this.length > 0) this.bytes[this.length++] = COMMA;
    this.length += encoder.encodeInto(spanJson, this.bytes.subarray(this.length)).written;
  }
}

/** Each resource's and scope's SpanBytes of one batch. */
export class SpanBatch {
  private readonly groups = new Map<Resource, Map<InstrumentationScope, SpanBytes>>();
  count = 0;

  add(resource: Resource, scope: InstrumentationScope, spanJson: string): void {
    let byScope = this.groups.get(resource);
    if (!byScope) this.groups.set(resource, (byScope = new Map()));
    let group = byScope.get(scope);
    if (!group) byScope.set(scope, (group = new SpanBytes(resource, scope)));
    group.append(spanJson);
    this.count++;
  }

  encoded(): SpanBytes[] {
    return [...this.groups.values()].flatMap((byScope) => [...byScope.values()]);
  }
}
