import { describe, expect, it } from 'vitest';
import { PooledIdGenerator } from './span-ids';

describe('pooled span ids', () => {
  it('gives W3C-valid ids (lowercase hex, not all zeros), none repeated across pool refills', () => {
    const ids = new PooledIdGenerator();
    const traceIds = new Set<string>();
    const spanIds = new Set<string>();
    for (let index = 0; index < 2000; index++) {
      const traceId = ids.generateTraceId();
      const spanId = ids.generateSpanId();
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(traceId).not.toBe('0'.repeat(32));
      expect(spanId).not.toBe('0'.repeat(16));
      traceIds.add(traceId);
      spanIds.add(spanId);
    }
    expect(traceIds.size).toBe(2000);
    expect(spanIds.size).toBe(2000);
  });
});
