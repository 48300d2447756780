import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { serialize } from 'cookie';
import { readCookies } from './session-cookie';

const STATE_COOKIE = 'sa_oauth_state';

/** Only same-site paths: `/profile`, never `//evil.example` or `https://…`. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/**
 * passport-oauth2 state store without server sessions: a random nonce goes to the provider as
 * `state` and into a short-lived httpOnly cookie with the redirect path; the callback must match.
 */
export class CookieStateStore {
  constructor(private readonly secure: boolean) {}

  store(
    request: Request,
    _state: unknown,
    _meta: unknown,
    callback: (error: Error | null, state?: string) => void,
  ) {
    const nonce = randomBytes(24).toString('base64url');
    const redirect = safeRedirectPath(request.query.redirect) ?? '';
    request.res?.append(
      'Set-Cookie',
      serialize(STATE_COOKIE, `${nonce}.${Buffer.from(redirect).toString('base64url')}`, {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.secure,
        path: '/auth/google',
        maxAge: 600,
      }),
    );
    callback(null, nonce);
  }

  verify(
    request: Request,
    providedState: string,
    callback: (error: Error | null, ok: boolean, state?: unknown) => void,
  ) {
    const [nonce = '', encodedRedirect = ''] = (readCookies(request)[STATE_COOKIE] ?? '').split(
      '.',
    );
    request.res?.append(
      'Set-Cookie',
      serialize(STATE_COOKIE, '', { path: '/auth/google', maxAge: 0 }),
    );
    const matches =
      nonce.length > 0 &&
      typeof providedState === 'string' &&
      providedState.length === nonce.length &&
      timingSafeEqual(Buffer.from(providedState), Buffer.from(nonce));
    if (!matches) return callback(null, false, { message: 'Invalid authorization request state.' });
    callback(null, true, { redirect: Buffer.from(encodedRedirect, 'base64url').toString() });
  }
}
