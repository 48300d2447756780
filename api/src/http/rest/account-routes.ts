import express, { Router, type Request } from 'express';
import type { Services } from '../../composition/services';
import { notFound, unauthenticated } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import type { RequestContext } from '../../shared/request-context';
import { clearSessionCookie } from '../auth/session-cookie';

const contextOf = (request: Request): RequestContext => request.context!;

/** REST paths of account care, over the same services as the GraphQL mutations. */
export function accountRoutes(services: Services): Router {
  const router = Router();
  const jsonBody = express.json({ limit: '16kb' });

  router.post('/api/auth/forgot-password', jsonBody, async (request, response) => {
    response.json(await services.passwordReset.requestReset(request.body, contextOf(request)));
  });
  router.post('/api/auth/reset-password', jsonBody, async (request, response) => {
    response.json(await services.passwordReset.resetPassword(request.body));
  });
  router.post('/api/auth/verify-email', jsonBody, async (request, response) => {
    response.json(await services.accountEmail.confirmEmail(request.body?.token));
  });
  router.post('/api/auth/resend-verification', async (request, response) => {
    if (!request.viewer) throw unauthenticated('Unauthorized');
    response.json(await services.accountEmail.resendVerification(request.viewer.user));
  });
  router.post('/api/user/change-email', jsonBody, async (request, response) => {
    if (!request.viewer) throw unauthenticated('Unauthorized');
    response.json(
      await services.accountEmail.requestEmailChange(request.viewer.user, request.body),
    );
  });
  router.post('/api/user/change-password', jsonBody, async (request, response) => {
    if (!request.viewer) throw unauthenticated('Unauthorized');
    response.json(
      await services.accountEmail.changePassword(
        request.viewer.user,
        request.viewer.session.id,
        request.body,
      ),
    );
  });
  router.post('/api/account/exports', async (request, response) => {
    if (!request.viewer) throw unauthenticated('Unauthorized');
    response.status(202).json(await services.dataExports.request(request.viewer.user.id));
  });
  router.get('/api/account/exports', async (request, response) => {
    if (!request.viewer) throw unauthenticated('Unauthorized');
    response.json(await services.dataExports.list(request.viewer.user.id));
  });
  router.get('/api/account/exports/:id/download', async (request, response) => {
    if (!request.viewer) throw unauthenticated('Please sign in to download your data');
    const id = String(request.params.id);
    if (!isUuid(id)) throw notFound('This download does not exist');
    const archive = await services.dataExports.download(request.viewer.user.id, id);
    response.setHeader('content-type', 'application/zip');
    response.setHeader('content-disposition', `attachment; filename="stylised-data-${id}.zip"`);
    response.setHeader('cache-control', 'private, no-store');
    response.end(archive);
  });
  router.delete('/api/user/account', jsonBody, async (request, response) => {
    if (!request.viewer) throw unauthenticated('Unauthorized');
    const result = await services.accountDeletion.deleteAccount(request.viewer, request.body);
    clearSessionCookie(response, services.cookies);
    response.json(result);
  });
  return router;
}
