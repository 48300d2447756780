import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { componentLogger, logScope } from '@app/ledger';
import { pinoHttp } from 'pino-http';

/** What the handlers learn about a request that its log line and metrics should carry. */
export interface RequestNotes {
  userId?: string;
  /** The matched route pattern, or `/graphql`. */
  route?: string;
  /** The GraphQL operation name (or `anonymous`). */
  operation?: string;
}

const notes = new WeakMap<IncomingMessage, RequestNotes>();

export function noteRequest(request: IncomingMessage, fields: RequestNotes): void {
  const current = notes.get(request);
  if (current) Object.assign(current, fields);
  else notes.set(request, { ...fields });
}

export const requestNotes = (request: IncomingMessage): RequestNotes => notes.get(request) ?? {};

/** The route pattern Express matched (it stays on the request after the router is done). */
export function routeOf(request: IncomingMessage): string | undefined {
  const noted = notes.get(request)?.route;
  if (noted) return noted;
  const route = (request as { route?: { path?: unknown } }).route;
  if (!route?.path) return undefined;
  return Array.isArray(route.path) ? route.path.map(String).join('|') : String(route.path);
}

const REQUEST_ID = /^[\w.:+=/-]{1,128}$/;
const QUIET = new Set(['/health', '/health/live', '/health/ready', '/metrics']);

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0]!;

/** Whether a request's immediate peer is a proxy we trust (Express's `trust proxy fn`). */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * One JSON line per request when it ends: request id, method, path (never the query, which can
 * hold a token), route or GraphQL operation, user id, status and duration. The request id is the
 * caller's `X-Request-Id` only when the caller is a trusted proxy; it is returned in the response
 * header and scopes every line written while the request is served.
 */
export function requestLogger(trustProxy: TrustProxy) {
  const log = pinoHttp({
    logger: componentLogger('http'),
    genReqId(request, response) {
      const header = request.headers['x-request-id'];
      const given = Array.isArray(header) ? header[0] : header;
      const trusted =
        given !== undefined &&
        REQUEST_ID.test(given) &&
        trustProxy(request.socket.remoteAddress ?? '', 0);
      const id = trusted ? given : randomUUID();
      response.setHeader('x-request-id', id);
      return id;
    },
    wrapSerializers: false,
    serializers: {
      req: (request: IncomingMessage) => ({
        id: request.id,
        method: request.method,
        path: pathOf(request.url),
      }),
      res: (response: ServerResponse) => ({ status: response.statusCode }),
    },
    customAttributeKeys: { responseTime: 'durationMs' },
    customProps(request) {
      const noted = notes.get(request);
      const route = routeOf(request);
      return {
        ...(route ? { route } : {}),
        ...(noted?.operation ? { operation: noted.operation } : {}),
        ...(noted?.userId ? { userId: noted.userId } : {}),
      };
    },
    customLogLevel(request, response, error) {
      // Probes log their own reasons when they fail.
      if (QUIET.has(pathOf(request.url))) return 'debug';
      if (error || response.statusCode >= 500) return 'error';
      return 'info';
    },
    // A 5xx without an exception (pino-http invents one) needs no stack in the line.
    customErrorObject: (_request, response, error, value: Record<string, unknown>) =>
      error.message === `failed with status code ${response.statusCode}`
        ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'err'))
        : value,
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
  });
  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    log(request, response);
    logScope.run({ requestId: String(request.id) }, next);
  };
}
