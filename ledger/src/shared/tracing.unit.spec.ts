import { context } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { ChainContext } from './chain-context';
import { LeanSpan } from './lean-tracer';
import { logScope } from './logger';
import { startTracing, stopTracing, tracer } from './tracing';

// Nothing listens there: no span is ended, so nothing is sent.
const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' };

describe('startTracing', () => {
  afterEach(async () => {
    await stopTracing();
  });

  it('makes our spans with LeanTracer when the environment leaves the SDK at its defaults', () => {
    startTracing(endpoint, 'spec');
    expect(tracer().startSpan('lean')).toBeInstanceOf(LeanSpan);
  });

  it('makes them with the SDK’s tracer when the environment sets a sampler', () => {
    startTracing({ ...endpoint, OTEL_TRACES_SAMPLER: 'always_on' }, 'spec');
    const span = tracer().startSpan('sdk');
    expect(span).not.toBeInstanceOf(LeanSpan);
    expect(span.isRecording()).toBe(true);
  });

  it('starts a request’s context as a ChainContext holding its log scope', () => {
    startTracing(endpoint, 'spec');
    logScope.run({ requestId: 'req-9' }, () => {
      expect(context.active()).toBeInstanceOf(ChainContext);
      expect(logScope.getStore()).toEqual({ requestId: 'req-9' });
    });
  });
});
