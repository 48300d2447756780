import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { NextFunction, Request, Response } from 'express';
import type { AccountService } from '../../accounts/account-service';
import type { SessionRecord } from '../../accounts/sessions';
import type { UserRecord } from '../../accounts/users-repository';
import type { RequestContext } from '../../shared/request-context';
import { sessionTokenOf } from './session-cookie';
import { noteRequest } from '../../observability/request-log';
import { currentTraceId } from '../../observability/tracing';

export interface Viewer {
  user: UserRecord;
  session: SessionRecord;
  via: 'bearer' | 'cookie';
}

declare module 'express-serve-static-core' {
  interface Request {
    viewer?: Viewer | null;
    context?: RequestContext;
  }
}

export type TrustProxy = (address: string, hop: number) => boolean;

const trustNobody: TrustProxy = () => false;

/** The TRUST_PROXY list compiled once; an empty list trusts no proxy. */
export const compileTrustProxy = (list: readonly string[]): TrustProxy =>
  list.length === 0 ? trustNobody : proxyaddr.compile([...list]);

/**
 * Who is asking, for any Node request (Express routes and the GraphQL handler alike). The client's
 * address comes from X-Forwarded-For only through the proxies `trust` names (TRUST_PROXY).
 */
export function requestContextOf(
  request: IncomingMessage,
  trust: TrustProxy = trustNobody,
): RequestContext {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    ip: request.socket.remoteAddress ? proxyaddr(request, trust) : 'unknown',
    userAgent: header('user-agent'),
    // The events this request appends carry its trace id when tracing is on (from an event in
    // the ledger to its trace, and through the trace id to the log lines); else the request
    // log's id (the trusted proxy's X-Request-Id, or generated).
    correlationId: currentTraceId() ?? (request.id ? String(request.id) : randomUUID()),
  };
}

/** The signed-in user behind the request's session cookie or bearer token, if any. */
export async function viewerOf(
  request: IncomingMessage,
  accounts: AccountService,
): Promise<Viewer | null> {
  const credential = sessionTokenOf(request);
  const found = credential ? await accounts.authenticate(credential.token) : null;
  return found && credential ? { ...found, via: credential.via } : null;
}

/** Resolves the signed-in user (if any) and the request's audit context once per request. */
export function authenticate(accounts: AccountService, trust: TrustProxy = trustNobody) {
  return async (request: Request, _response: Response, next: NextFunction) => {
    try {
      request.context = requestContextOf(request, trust);
      request.viewer = await viewerOf(request, accounts);
      if (request.viewer) noteRequest(request, { userId: request.viewer.user.id });
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Cookie-authenticated state changes must come from our own pages. SameSite=Lax already keeps the
 * cookie off cross-site POSTs; this also refuses a foreign Origin outright.
 */
export function sameOriginForCookies(allowedOrigins: readonly string[]) {
  return (request: Request, response: Response, next: NextFunction) => {
    const origin = request.get('origin');
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
    if (unsafe && origin && request.viewer?.via === 'cookie' && !allowedOrigins.includes(origin)) {
      const host = `${request.protocol}://${request.get('host')}`;
      if (origin !== host) {
        response.status(403).json({ message: 'Cross-site request refused' });
        return;
      }
    }
    next();
  };
}
