import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AccountService, SignedIn } from '../../accounts/account-service';
import { buildUserView } from '../../accounts/user-view';
import { unauthenticated } from '../../shared/errors';
import type { RequestContext } from '../../shared/request-context';
import { clearSessionCookie, setSessionCookie, type CookieOptions } from '../auth/session-cookie';

interface Deps {
  accounts: AccountService;
  pool: Parameters<typeof buildUserView>[0];
  cookies: CookieOptions;
}

const contextOf = (request: Request): RequestContext => request.context!;

/** The spec's auth paths: `{token, user}` for API clients, plus the session cookie for browsers. */
export function authRoutes({ accounts, pool, cookies }: Deps): Router {
  const router = Router();
  const jsonBody = express.json({ limit: '32kb' });

  const respondSignedIn = async (response: Response, signedIn: SignedIn, status = 200) => {
    setSessionCookie(response, signedIn.token, cookies);
    response
      .status(status)
      .json({ token: signedIn.token, user: await buildUserView(pool, signedIn.user) });
  };

  // The account service checks the fields, the password and the lockout itself.
  router.post('/api/auth/login', jsonBody, async (request, response) => {
    await respondSignedIn(response, await accounts.login(request.body, contextOf(request)));
  });

  router.post('/api/auth/register', jsonBody, async (request, response) => {
    await respondSignedIn(response, await accounts.register(request.body, contextOf(request)), 201);
  });

  router.post('/api/auth/logout', async (request, response) => {
    if (request.viewer) await accounts.logout(request.viewer.session.id);
    clearSessionCookie(response, cookies);
    response.json({ message: 'Logged out' });
  });

  const currentUser: RequestHandler = async (request, response) => {
    if (!request.viewer) throw unauthenticated('Unauthorized');
    response.json(await buildUserView(pool, request.viewer.user));
  };
  router.get('/api/auth/user', currentUser);
  router.get('/api/user/profile', currentUser);
  router.patch('/api/user/profile', express.json({ limit: '16kb' }), async (request, response) => {
    if (!request.viewer) throw unauthenticated('Unauthorized');
    const user = await accounts.updateProfile(request.viewer.user.id, request.body);
    response.json(await buildUserView(pool, user));
  });
  return router;
}
