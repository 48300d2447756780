import type { DestinationStream, Logger } from 'pino';
import type { LogScope } from './logger';

/** The request log line's fields, all fixed in code (see requestLineLogger). */
export interface RequestLine {
  readonly req: { readonly id: string; readonly method?: string; readonly path: string };
  readonly res: { readonly status: number };
  readonly route?: string;
  readonly operation?: string;
  readonly userId?: string;
  readonly durationMs: number;
}

export type RequestLineLevel = 'debug' | 'info' | 'warn' | 'error';

export interface RequestLineLogger {
  isLevelEnabled(level: RequestLineLevel): boolean;
  write(level: RequestLineLevel, line: RequestLine, message: string): void;
}

const quote = JSON.stringify;
const optional = (key: string, value: string | undefined) =>
  value === undefined ? '' : `,"${key}":${quote(value)}`;
/** As pino writes a number: not finite, null. */
const numberText = (value: number) => (Number.isFinite(value) ? String(value) : 'null');

/**
 * The line `logger` would write for `line` (same keys, order and values; its level check), as
 * text written directly: pino's generic walk over the fields was most of what a request's log
 * line cost, a line every request. `logger` must be one without redaction (none of these keys is
 * a secret one), with `base` and the `component` binding given here, and the scope mixin.
 */
export function requestLineLogger(
  logger: Pick<Logger, 'isLevelEnabled'>,
  destination: DestinationStream,
  bindings: { pid: number; component: string },
  scope: () => LogScope | undefined,
): RequestLineLogger {
  const prefix = `,"pid":${bindings.pid},"component":${quote(bindings.component)}`;
  return {
    isLevelEnabled: (level) => logger.isLevelEnabled(level),
    write(level, line, message) {
      const current = scope();
      const scoped = current
        ? `,"requestId":${quote(current.requestId)}${optional('traceId', current.traceId)}`
        : '';
      const { req } = line;
      destination.write(
        `{"level":"${level}","time":${Date.now()}${prefix}${scoped}` +
          `,"req":{"id":${quote(req.id)}${optional('method', req.method)},"path":${quote(req.path)}}` +
          `,"res":{"status":${numberText(line.res.status)}}` +
          `${optional('route', line.route)}${optional('operation', line.operation)}${optional('userId', line.userId)}` +
          `,"durationMs":${numberText(line.durationMs)},"msg":${quote(message)}}\n`,
      );
    },
  };
}
