import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { componentLogger, logScope, requestLines, type Logger } from '@app/ledger';

/** What the handlers learn about a request that its log line and metrics should carry. */
export interface RequestNotes {
  userId?: string;
  /** The matched route pattern, or `/graphql`. */
  route?: string;
  /** The GraphQL operation name (or `anonymous`). */
  operation?: string;
}

// On the request itself rather than in a WeakMap: a plain property is cheaper to write on every
// request and to collect after it.
const NOTES = Symbol('requestNotes');
type Noted = IncomingMessage & { [NOTES]?: RequestNotes };
const notesOf = (request: IncomingMessage) => (request as Noted)[NOTES];

export function noteRequest(request: IncomingMessage, fields: RequestNotes): void {
  const current = notesOf(request);
  if (current) Object.assign(current, fields);
  else (request as Noted)[NOTES] = { ...fields };
}

export const requestNotes = (request: IncomingMessage): RequestNotes => notesOf(request) ?? {};

/** The route pattern Express matched (it stays on the request after the router is done). */
export function routeOf(request: IncomingMessage): string | undefined {
  const noted = notesOf(request)?.route;
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

declare module 'node:http' {
  interface IncomingMessage {
    /** The request log's id (see requestLogger). */
    id?: string;
    /** The HTTP component's logger; lines written in the request's scope carry its id. */
    log?: Logger;
  }
}

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * One JSON line per request when it ends: request id, method, path (never the query, which can
 * hold a token), route or GraphQL operation, user id, status and duration. The request id is the
 * caller's `X-Request-Id` only when the caller is a trusted proxy; it is returned in the response
 * header and scopes every line written while the request is served. Written by hand rather than
 * with pino-http: no child logger per request, and nothing at all is built for a line whose level
 * is off (the `me` hot path at the default level).
 */
export function requestLogger(trustProxy: TrustProxy) {
  const logger = componentLogger('http');
  // The line below has only the keys written here, none a secret one: nothing to redact.
  const lines = requestLines('http');
  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const header = request.headers['x-request-id'];
    const given = Array.isArray(header) ? header[0] : header;
    const trusted =
      given !== undefined &&
      REQUEST_ID.test(given) &&
      trustProxy(request.socket.remoteAddress ?? '', 0);
    const id = trusted ? given : randomUUID();
    request.id = id;
    request.log = logger;
    response.setHeader('x-request-id', id);
    const startedAt = performance.now();
    const done = () => {
      response.off('finish', done);
      response.off('close', done);
      const finished = response.writableFinished;
      const path = pathOf(request.url);
      // Probes log their own reasons when they fail.
      const level: Level = QUIET.has(path)
        ? 'debug'
        : !finished || response.statusCode >= 500
          ? 'error'
          : 'info';
      if (!lines.isLevelEnabled(level)) return;
      const noted = notesOf(request);
      lines.write(
        level,
        {
          req: { id, method: request.method, path },
          res: { status: response.statusCode },
          route: routeOf(request) || undefined,
          operation: noted?.operation || undefined,
          userId: noted?.userId || undefined,
          durationMs: Math.round(performance.now() - startedAt),
        },
        !finished ? 'request aborted' : level === 'error' ? 'request failed' : 'request completed',
      );
    };
    response.on('finish', done);
    response.on('close', done);
    logScope.run({ requestId: id }, next);
  };
}
