import { describe, expect, it } from 'vitest';
import { createLogger, logScope, type LogScope } from './logger';
import { requestLineLogger, type RequestLine, type RequestLineLevel } from './request-line';

/** The text pino writes for the line and the text requestLineLogger writes, time set to 0. */
function bothLines(level: RequestLineLevel, line: RequestLine, message: string, scope?: LogScope) {
  const written: string[] = [];
  const destination = { write: (text: string) => void written.push(text) };
  const pinoLogger = createLogger({ level: 'info', destination, redact: false }).child({
    component: 'http',
  });
  const direct = requestLineLogger(
    pinoLogger,
    destination,
    { pid: process.pid, component: 'http' },
    () => logScope.getStore(),
  );
  const write = () => {
    if (pinoLogger.isLevelEnabled(level)) pinoLogger[level](line, message);
    if (direct.isLevelEnabled(level)) direct.write(level, line, message);
  };
  if (scope) logScope.run(scope, write);
  else write();
  return written.map((text) => text.replace(/"time":\d+/, '"time":0'));
}

const completed: RequestLine = {
  req: { id: 'req-1', method: 'POST', path: '/graphql' },
  res: { status: 200 },
  route: '/graphql',
  operation: 'Me',
  userId: 'user-1',
  durationMs: 3,
};

describe('the request line written directly', () => {
  it.each([
    [
      'a completed GraphQL request in a traced scope',
      'info',
      completed,
      'request completed',
      { requestId: 'req-1', traceId: 'a'.repeat(32) },
    ],
    [
      'a request scope without a trace',
      'info',
      completed,
      'request completed',
      { requestId: 'req-1' },
    ],
    [
      'no scope, no route, operation or user',
      'info',
      { req: { id: 'r', method: 'GET', path: '/x' }, res: { status: 404 }, durationMs: 0 },
      'request completed',
      undefined,
    ],
    [
      'no method, a duration that is not a number',
      'error',
      { req: { id: 'r', path: '/' }, res: { status: 500 }, durationMs: Number.NaN },
      'request failed',
      undefined,
    ],
    [
      'text that JSON escapes',
      'error',
      {
        req: { id: 'a"b\\c', method: 'POST', path: '/api/ü→\u0001\n𝄞' },
        res: { status: 502 },
        operation: 'Op"\u2028',
        userId: 'é',
        durationMs: 12,
      },
      'request aborted',
      { requestId: 'x"y' },
    ],
  ] as const)('is the line pino writes: %s', (_case, level, line, message, scope) => {
    const [fromPino, direct] = bothLines(level, line, message, scope);
    expect(direct).toBe(fromPino);
    expect(JSON.parse(direct!)).toMatchObject({ level, component: 'http', msg: message });
  });

  it('writes nothing for a level that is off', () => {
    expect(bothLines('debug', completed, 'request completed')).toEqual([]);
  });
});
