import { describe, expect, it } from 'vitest';
import { createLogger, logScope, readableDestination, scrubText } from './logger';

function capture(format: 'json' | 'readable' = 'json') {
  const lines: string[] = [];
  const sink = { write: (line: string) => void lines.push(line) };
  const destination =
    format === 'json' ? sink : readableDestination(sink as unknown as NodeJS.WritableStream);
  return { logger: createLogger({ level: 'info', format, destination }), lines };
}

describe('the logger', () => {
  it('redacts secrets and personal data by key, at any of the first levels', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: 'hunter2-password',
        user: { email: 'jane@example.com', token: 'tok-123456' },
        req: { headers: { authorization: 'Bearer abc.def', cookie: 'sa_session=s3cr3t' } },
        input: { prompt: 'a private prompt' },
        userId: 'user-1',
      },
      'something happened',
    );
    const [line] = lines;
    for (const secret of [
      'hunter2',
      'jane@example.com',
      'tok-123456',
      'abc.def',
      's3cr3t',
      'private prompt',
    ])
      expect(line).not.toContain(secret);
    expect(JSON.parse(line!)).toMatchObject({ userId: 'user-1', msg: 'something happened' });
  });

  it('writes the same line without redaction when it has no secret key (the request line)', () => {
    const line = {
      req: { id: 'r-1', method: 'POST', path: '/graphql' },
      res: { status: 200 },
      route: '/graphql',
      operation: 'Me',
      userId: 'user-1',
      durationMs: 3,
    };
    const written = (redact: boolean) => {
      const lines: string[] = [];
      const destination = { write: (text: string) => void lines.push(text) };
      createLogger({ level: 'info', destination, redact }).info(line, 'request completed');
      const { time: _time, ...rest } = JSON.parse(lines[0]!) as Record<string, unknown>;
      return rest;
    };
    expect(written(false)).toEqual(written(true));
    expect(written(false)).toMatchObject(line);
  });

  it('scrubs emails, bearer tokens and secret query parameters from error texts', () => {
    const { logger, lines } = capture();
    logger.error(
      {
        err: new Error(
          'Key (email)=(jane@example.com) exists; Bearer abc.def; /reset?token=xyz&x=1',
        ),
      },
      'failed',
    );
    const parsed = JSON.parse(lines[0]!) as { err: { message: string; stack: string } };
    expect(parsed.err.message).toBe(
      'Key (email)=([email]) exists; Bearer [redacted]; /reset?token=[redacted]&x=1',
    );
    expect(parsed.err.stack).not.toContain('jane@example.com');
    expect(scrubText('mail bob@x.org')).toBe('mail [email]');
  });

  it('puts the request id of the scope on every line written while serving it', () => {
    const { logger, lines } = capture();
    logScope.run({ requestId: 'req-42' }, () => logger.info('inside'));
    logger.info('outside');
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: 'req-42', msg: 'inside' });
    expect(JSON.parse(lines[1]!)).not.toHaveProperty('requestId');
  });

  it('writes readable lines for a terminal', () => {
    const { logger, lines } = capture('readable');
    logger.info(
      {
        req: { id: 'r1', method: 'GET', path: '/graphql' },
        res: { status: 200 },
        durationMs: 12,
        operation: 'Me',
      },
      'request completed',
    );
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO  request completed GET \/graphql 200 12ms operation=Me\n$/,
    );
  });
});
