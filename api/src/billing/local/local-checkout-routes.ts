import express, { Router, type Request, type Response, type NextFunction } from 'express';
import { asyncHandler } from '../../http/rest/error-handler';
import { notFound } from '../../shared/errors';
import { idempotencyKeyFrom, type IdempotencyKeys } from '../../shared/idempotency';
import { PLANS, type PlanId } from '../plans';
import { localCustomerIdFor, type LocalBilling } from './local-billing';
import { checkoutPage, portalPage } from './local-checkout-pages';

/** The embedded hosted checkout and billing portal (PAYMENTS=local). */
export function localCheckoutRoutes(local: LocalBilling, keys: IdempotencyKeys): Router {
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
      response.redirect(303, await local.pay(session.id));
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
      const planId = String(request.body?.planId) as PlanId;
      const key = idempotencyKeyFrom(
        request.get('idempotency-key') ??
          (request.body as { idempotencyKey?: unknown })?.idempotencyKey,
      );
      await keys.once(`portal-action:${portal.customer_id}`, key, { action, planId }, async () => {
        if (action === 'cancel')
          await local.updateSubscription(portal.customer_id, { cancelAtPeriodEnd: true });
        if (action === 'resume')
          await local.updateSubscription(portal.customer_id, { cancelAtPeriodEnd: false });
        if (action === 'switch') await local.updateSubscription(portal.customer_id, { planId });
        return true;
      });
      response.redirect(
        303,
        action === 'return' ? portal.return_url : `/billing/portal/${String(request.params.id)}`,
      );
    }),
  );
  return router;
}
