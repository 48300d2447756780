import express, { Router, type Request } from 'express';
import type { Services } from '../../composition/services';
import type { RequestContext } from '../../shared/request-context';
import { asyncHandler } from './error-handler';

const contextOf = (request: Request): RequestContext => request.context!;

/** REST paths of account care, over the same services as the GraphQL mutations. */
export function accountRoutes(services: Services): Router {
  const router = Router();
  const jsonBody = express.json({ limit: '16kb' });

  router.post(
    '/api/auth/forgot-password',
    jsonBody,
    asyncHandler(async (request, response) => {
      response.json(await services.passwordReset.requestReset(request.body, contextOf(request)));
    }),
  );
  router.post(
    '/api/auth/reset-password',
    jsonBody,
    asyncHandler(async (request, response) => {
      response.json(await services.passwordReset.resetPassword(request.body));
    }),
  );
  return router;
}
