import { parse, serialize } from 'cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION_TTL_MS } from '../../accounts/sessions';

export const SESSION_COOKIE = 'sa_session';

export interface CookieOptions {
  readonly secure: boolean;
}

export function setSessionCookie(response: ServerResponse, token: string, options: CookieOptions) {
  response.appendHeader(
    'Set-Cookie',
    serialize(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      path: '/',
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    }),
  );
}

export function clearSessionCookie(response: ServerResponse, options: CookieOptions) {
  response.appendHeader(
    'Set-Cookie',
    serialize(SESSION_COOKIE, '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      path: '/',
      maxAge: 0,
    }),
  );
}

export const readCookies = (request: Pick<IncomingMessage, 'headers'>) =>
  parse(request.headers.cookie ?? '');

/** The session token from `Authorization: Bearer` (API clients) or the session cookie (browsers). */
export function sessionTokenOf(
  request: Pick<IncomingMessage, 'headers'>,
): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = readCookies(request)[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}
