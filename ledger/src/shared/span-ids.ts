import { randomFillSync } from 'node:crypto';
import type { IdGenerator } from '@opentelemetry/sdk-trace-base';

const POOL_BYTES = 4096;
const ZERO_SPAN_ID = '0'.repeat(16);
const ZERO_TRACE_ID = '0'.repeat(32);

/**
 * Trace and span ids cut from a pool of random bytes hex-encoded in one call, refilled every few
 * hundred requests. The SDK's generator writes Math.random words into a buffer and hex-encodes
 * them for every id, two native calls per id on each span a request starts.
 */
export class PooledIdGenerator implements IdGenerator {
  private hex = '';
  private at = 0;

  generateTraceId(): string {
    const id = this.next(32);
    return id === ZERO_TRACE_ID ? this.generateTraceId() : id;
  }

  generateSpanId(): string {
    const id = this.next(16);
    return id === ZERO_SPAN_ID ? this.generateSpanId() : id;
  }

  private next(chars: number): string {
    if (this.at + chars > this.hex.length) {
      this.hex = randomFillSync(Buffer.allocUnsafe(POOL_BYTES)).toString('hex');
      this.at = 0;
    }
    const id = this.hex.slice(this.at, this.at + chars);
    this.at += chars;
    return id;
  }
}
