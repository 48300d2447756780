import { componentLogger } from '@app/ledger';
import { Router, type Request } from 'express';
import { Passport } from 'passport';
import {
  Strategy as GoogleStrategy,
  type Profile,
  type StrategyOptionsWithRequest,
  type VerifyCallback,
} from 'passport-google-oauth20';
import type { AccountService, GoogleProfile } from '../../accounts/account-service';
import type { GoogleConfig } from '../../config';
import { toAppError } from '../../shared/errors';
import { CookieStateStore, safeRedirectPath } from './oauth-state-store';
import { setSessionCookie, type CookieOptions } from './session-cookie';

const toGoogleProfile = (profile: Profile): GoogleProfile => {
  const email = profile.emails?.[0];
  const verified = email?.verified as unknown;
  return {
    subject: profile.id,
    email: email?.value ?? null,
    emailVerified: verified === true || verified === 'true',
    name: profile.displayName || null,
    pictureUrl: profile.photos?.[0]?.value ?? null,
  };
};

/**
 * `/auth/google?redirect=…` starts Google sign-in; the callback finds, links or creates the account,
 * sets the session cookie and sends the browser to `/?auth_success=true`.
 */
export function googleRoutes(
  google: GoogleConfig | null,
  accounts: AccountService,
  cookies: CookieOptions,
): Router {
  const router = Router();
  if (!google) {
    router.get(['/auth/google', '/auth/google/callback'], (_request, response) => {
      response.redirect(302, '/auth?error=google_unavailable');
    });
    return router;
  }
  const passport = new Passport();
  const options: StrategyOptionsWithRequest = {
    clientID: google.clientId,
    clientSecret: google.clientSecret,
    callbackURL: google.callbackUrl,
    authorizationURL: google.authorizationUrl,
    tokenURL: google.tokenUrl,
    userProfileURL: google.userInfoUrl,
    scope: ['openid', 'email', 'profile'],
    store: new CookieStateStore(cookies.secure) as never,
    passReqToCallback: true,
  };
  const verify = (
    request: Request,
    _accessToken: string,
    _refreshToken: string,
    profile: Profile,
    done: VerifyCallback,
  ) => {
    accounts.signInWithGoogle(toGoogleProfile(profile), request.context!).then(
      (signedIn) => done(null, signedIn),
      (error: unknown) => done(error as Error),
    );
  };
  const strategy = new GoogleStrategy(options, verify);
  // Send the access token in the Authorization header, not the query string (OpenID Connect says
  // SHOULD; strict providers refuse the query form). Google accepts both.
  (
    strategy as unknown as { _oauth2: { useAuthorizationHeaderforGET(use: boolean): void } }
  )._oauth2.useAuthorizationHeaderforGET(true);
  passport.use(strategy);
  router.use('/auth/google', passport.initialize());
  router.get('/auth/google', passport.authenticate('google', { session: false }));
  router.get('/auth/google/callback', (request, response, next) => {
    passport.authenticate(
      'google',
      { session: false },
      (
        error: unknown,
        signedIn: { token: string } | false,
        info: { state?: { redirect?: string } } | undefined,
      ) => {
        if (error || !signedIn) {
          const code = toAppError(error)?.code ?? (error ? 'google_failed' : 'google_denied');
          if (error && !toAppError(error))
            (request.log ?? componentLogger('http')).error({ err: error }, 'google sign-in failed');
          response.redirect(302, `/auth?error=${encodeURIComponent(code.toLowerCase())}`);
          return;
        }
        setSessionCookie(response, signedIn.token, cookies);
        const redirect = safeRedirectPath(info?.state?.redirect);
        response.redirect(
          302,
          `/?auth_success=true${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`,
        );
      },
    )(request, response, next);
  });
  return router;
}
