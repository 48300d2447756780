import express, { Router, type Request, type Response, type NextFunction } from 'express';
import { asyncHandler } from '../../http/rest/error-handler';
import { AppError, notFound } from '../../shared/errors';
import { idempotencyKeyFrom, type IdempotencyKeys } from '../../shared/idempotency';
import { PLANS } from '../plans';
import { localCustomerIdFor, type LocalBilling } from './local-billing';
import {
  alreadySubscribedPage,
  checkoutPage,
  portalPage,
  portalViewOf,
} from './local-checkout-pages';

/**
 * The embedded hosted checkout and billing portal (PAYMENTS=local). `settled` waits until the read
 * models show what an action wrote (read-your-writes, as every mutation does), so the page the
 * user is sent back to shows the new plan at once.
 */
export function localCheckoutRoutes(
  local: LocalBilling,
  keys: IdempotencyKeys,
  settled: (userId: string) => Promise<void>,
): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '4kb' });
  const html = (response: express.Response, body: string) =>
    response.type('html').setHeader('Cache-Control', 'no-store').send(body);

  // Only the signed-in user a session was made for may see or act on it. The session cookie is
  // SameSite=Lax, so a form posted from another site arrives signed out and is refused here too.
  router.use(
    ['/billing/checkout/:id', '/billing/portal/:id'],
    (request: Request, response: Response, next: NextFunction) => {
      if (request.viewer) return next();
      if (request.method === 'GET') {
        return response.redirect(303, `/auth?redirect=${encodeURIComponent(request.originalUrl)}`);
      }
      next(notFound('This billing page does not exist'));
    },
  );
  const ownCheckout = async (request: Request) => {
    const session = await local.checkoutSession(String(request.params.id));
    if (session.user_id !== request.viewer!.user.id)
      throw notFound('This checkout session does not exist');
    return session;
  };
  const ownPortal = async (request: Request) => {
    const portal = await local.portal(String(request.params.id));
    if (portal.customer_id !== localCustomerIdFor(request.viewer!.user.id)) {
      throw notFound('This portal session does not exist or has expired');
    }
    return portal;
  };

  router.get(
    '/billing/checkout/:id',
    asyncHandler(async (request, response) => {
      const session = await ownCheckout(request);
      html(
        response,
        checkoutPage({
          sessionId: session.id,
          plan: session.plan,
          pack: session.pack,
          gift: session.kind === 'gift',
          email: session.email,
          status: session.status,
        }),
      );
    }),
  );
  router.post(
    '/billing/checkout/:id/pay',
    asyncHandler(async (request, response) => {
      const session = await ownCheckout(request);
      try {
        const next = await local.pay(session.id);
        await settled(session.user_id);
        response.redirect(303, next);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'ALREADY_SUBSCRIBED') throw error;
        html(response.status(409), alreadySubscribedPage(error.message));
      }
    }),
  );
  router.post(
    '/billing/checkout/:id/cancel',
    asyncHandler(async (request, response) => {
      response.redirect(303, (await ownCheckout(request)).cancel_url);
    }),
  );

  router.get(
    '/billing/portal/:id',
    asyncHandler(async (request, response) => {
      const portal = await ownPortal(request);
      html(
        response,
        portalPage({
          portalId: String(request.params.id),
          subscription: portal.subscription,
          plans: PLANS,
          view: portalViewOf(request.query),
        }),
      );
    }),
  );
  router.post(
    '/billing/portal/:id/:action',
    form,
    asyncHandler(async (request, response) => {
      const portal = await ownPortal(request);
      const action = String(request.params.action);
      const planId = String(request.body?.planId);
      const key = idempotencyKeyFrom(
        request.get('idempotency-key') ??
          (request.body as { idempotencyKey?: unknown })?.idempotencyKey,
      );
      if (!['cancel', 'resume', 'switch', 'return'].includes(action))
        throw notFound('This billing page does not exist');
      await keys.once(`portal-action:${portal.customer_id}`, key, { action, planId }, async () => {
        if (action === 'cancel') await local.setCancelAtPeriodEnd(portal.customer_id, true);
        if (action === 'resume') await local.setCancelAtPeriodEnd(portal.customer_id, false);
        if (action === 'switch') await local.switchPlan(portal.customer_id, planId);
        return true;
      });
      await settled(request.viewer!.user.id);
      const back = `/billing/portal/${String(request.params.id)}`;
      const after: Record<string, string> = {
        return: portal.return_url,
        cancel: `${back}?view=canceled`,
        resume: `${back}?view=resumed`,
      };
      response.redirect(303, after[action] ?? back);
    }),
  );
  return router;
}
