import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_CONTEXT, context, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, logScope } from './logger';
import { startTracing, stopTracing, tracer } from './tracing';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { logger, lines };
}

describe('the request log scope', () => {
  afterEach(async () => {
    await stopTracing();
  });

  it('rides on the OpenTelemetry context while tracing is on, through awaits and child spans', async () => {
    // Nothing listens there: no span is finished long enough to be sent in this test.
    expect(startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }, 'spec')).toBe(true);
    const { logger, lines } = capture();
    const span = tracer().startSpan('request');
    await logScope.run({ requestId: 'req-7' }, () =>
      context.with(trace.setSpan(context.active(), span), async () => {
        await sleep(1);
        logger.info('inside');
        await context.with(
          trace.setSpan(context.active(), tracer().startSpan('child')),
          async () => {
            await Promise.resolve();
            logger.info('nested');
          },
        );
        // The scope is a value of the context: a context made without it does not carry it.
        context.with(ROOT_CONTEXT, () => logger.info('root context'));
      }),
    );
    logger.info('outside');
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ['inside', 'req-7'],
      ['nested', 'req-7'],
      ['root context', undefined],
      ['outside', undefined],
    ]);
  });

  it('is kept in its own storage again once tracing stops', async () => {
    startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }, 'spec');
    await stopTracing();
    const { logger, lines } = capture();
    await logScope.run({ requestId: 'req-8' }, async () => {
      await sleep(1);
      logger.info('inside');
      context.with(ROOT_CONTEXT, () => logger.info('root context'));
    });
    expect(lines.map((line) => line.requestId)).toEqual(['req-8', 'req-8']);
  });
});
