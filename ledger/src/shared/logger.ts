import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { batchedLines } from './batched-lines';
import { requestLineLogger, type RequestLineLogger } from './request-line';

export type { Logger } from 'pino';

/** Keys whose values never reach a log line, at any of the first three levels of an object. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'authorization',
  'cookie',
  '"set-cookie"',
  'email',
  'prompt',
  'resetLink',
  'resetUrl',
  'operatorToken',
];
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const member = key.startsWith('"') ? `[${key}]` : `.${key}`;
  return [key.startsWith('"') ? `[${key}]` : key, `*${member}`, `*.*${member}`];
});

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const QUERY_SECRET = /([?&](?:token|code|key|signature|sig|secret)=)[^&\s"']+/gi;

/** Takes emails, bearer tokens and secret query parameters out of free text (error messages, stacks). */
export function scrubText(text: string): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(BEARER, '$1 [redacted]')
    .replace(QUERY_SECRET, '$1[redacted]');
}

function errorSerializer(error: unknown) {
  if (!(error instanceof Error)) return typeof error === 'string' ? scrubText(error) : error;
  const serialized = stdSerializers.err(error);
  return {
    type: serialized.type,
    message: scrubText(serialized.message),
    stack: serialized.stack ? scrubText(serialized.stack) : undefined,
    ...('code' in error && typeof error.code === 'string' ? { code: error.code } : {}),
  };
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'component']);

/** One readable line per record, for a developer's terminal (production writes the JSON itself). */
export function readableDestination(out: NodeJS.WritableStream): DestinationStream {
  return {
    write(line: string) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const time = new Date(Number(record.time)).toISOString().slice(11, 23);
      const level = (
        typeof record.level === 'number'
          ? (LEVEL_NAMES[record.level] ?? String(record.level))
          : String(record.level).toUpperCase()
      ).padEnd(5);
      const component = record.component ? `[${String(record.component)}] ` : '';
      const req = record.req as { method?: string; path?: string } | undefined;
      const res = record.res as { status?: number } | undefined;
      // A request line reads like an access log: GET /graphql 200 12ms, then the rest.
      const request =
        req && res ? ` ${req.method} ${req.path} ${res.status} ${String(record.durationMs)}ms` : '';
      const skip = request ? new Set(['req', 'res', 'durationMs', 'requestId']) : new Set();
      const fields = Object.entries(record)
        .filter(([key]) => !HIDDEN.has(key) && key !== 'err' && !skip.has(key))
        .map(
          ([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`,
        )
        .join(' ');
      const error = record.err as { stack?: string; message?: string } | undefined;
      out.write(
        `${time} ${level} ${component}${String(record.msg ?? '')}${request}${fields ? ` ${fields}` : ''}\n` +
          (error ? `${error.stack ?? error.message ?? ''}\n` : ''),
      );
    },
  };
}

/** What every line written while serving one request carries (request id, later the trace id). */
export interface LogScope {
  readonly requestId: string;
  traceId?: string;
}

/**
 * Where the scope of the request being served is kept: this module's own AsyncLocalStorage, or,
 * once tracing is on, the OpenTelemetry context (see carryLogScopeIn). Every AsyncLocalStorage in
 * use costs each promise and callback a request makes a store copied onto it, so with tracing's
 * own storage in play the scope rides on that one rather than on a second.
 */
export interface LogScopeCarrier {
  run<T>(scope: LogScope, work: () => T): T;
  getStore(): LogScope | undefined;
}

const ownStorage = new AsyncLocalStorage<LogScope>();
const ownCarrier: LogScopeCarrier = {
  run: (scope, work) => ownStorage.run(scope, work),
  getStore: () => ownStorage.getStore(),
};
let carrier = ownCarrier;

/** Keeps request scopes in `next` from now on (null: in this module's own storage again). */
export function carryLogScopeIn(next: LogScopeCarrier | null): void {
  carrier = next ?? ownCarrier;
}

export const logScope: LogScopeCarrier = {
  run: (scope, work) => carrier.run(scope, work),
  getStore: () => carrier.getStore(),
};

function scopeFields(): object {
  const scope = logScope.getStore();
  if (!scope) return {};
  return scope.traceId
    ? { requestId: scope.requestId, traceId: scope.traceId }
    : { requestId: scope.requestId };
}

export interface LoggerOptions {
  /** LOG_LEVEL: trace, debug, info, warn, error, fatal or silent. */
  readonly level?: string | undefined;
  /** JSON lines (production, tests, log shippers) or readable lines (a developer's terminal). */
  readonly format?: 'json' | 'readable';
  readonly destination?: DestinationStream;
  /** false only for lines whose every key is fixed in code (see fixedKeysLogger). */
  readonly redact?: boolean;
}

function jsonLinesToStdout(): DestinationStream {
  // Written in the background (lines that arrive during a write go out with the next one), in
  // batches of up to 100 ms; what is left is written synchronously when the process exits.
  const lines = batchedLines(pino.destination({ dest: 1, sync: false }), 1);
  process.once('exit', () => lines.flushSync());
  return lines;
}

const destinationFor = (format: 'json' | 'readable'): DestinationStream =>
  format === 'readable' ? readableDestination(process.stdout) : jsonLinesToStdout();

/**
 * The one way processes here log: pino JSON lines with secrets redacted by key and scrubbed
 * from error texts. Personal data (emails, prompts) and credentials never reach a line.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const destination = options.destination ?? destinationFor(options.format ?? 'json');
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      ...(options.redact === false
        ? {}
        : { redact: { paths: REDACT_PATHS, censor: '[redacted]' } }),
      serializers: { err: errorSerializer, error: errorSerializer },
      formatters: { level: (label) => ({ level: label }) },
      mixin: scopeFields,
    },
    destination,
  );
}

/** Settings from the environment: LOG_LEVEL, LOG_FORMAT (json | readable), NODE_ENV. */
export function loggerOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): LoggerOptions {
  const format =
    env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'readable'
      ? env.LOG_FORMAT
      : (env.NODE_ENV ?? 'development') === 'development'
        ? 'readable'
        : 'json';
  const level = env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info');
  return { level, format };
}

const rootOptions = loggerOptionsFromEnv();
const rootDestination = destinationFor(rootOptions.format ?? 'json');

/** The process-wide logger (settings from the environment); modules take a child of it. */
export const rootLogger: Logger = createLogger({ ...rootOptions, destination: rootDestination });

export const componentLogger = (component: string): Logger => rootLogger.child({ component });

const unredactedRoot = createLogger({
  ...rootOptions,
  destination: rootDestination,
  redact: false,
});

/**
 * The same lines to the same destination, without redaction: only for lines whose every key is
 * fixed in code and none of them a secret one (the request log line), where the redaction paths'
 * wildcards would find nothing and are most of the line's cost. Anything else uses componentLogger.
 */
export const fixedKeysLogger = (component: string): Logger => unredactedRoot.child({ component });

/** The request log line of `component`, as fixedKeysLogger(component) writes it, for less. */
export const requestLines = (component: string): RequestLineLogger =>
  requestLineLogger(
    unredactedRoot,
    rootDestination,
    { pid: process.pid, component },
    logScope.getStore,
  );
