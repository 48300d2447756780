import express, { Router } from 'express';
import { asyncHandler } from '../../http/rest/error-handler';
import { PLANS, type PlanId } from '../plans';
import type { LocalBilling } from './local-billing';
import { checkoutPage, portalPage } from './local-checkout-pages';

/** The embedded hosted checkout and billing portal (PAYMENTS=local). */
export function localCheckoutRoutes(local: LocalBilling): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '4kb' });
  const html = (response: express.Response, body: string) =>
    response.type('html').setHeader('Cache-Control', 'no-store').send(body);

  router.get(
    '/billing/checkout/:id',
    asyncHandler(async (request, response) => {
      const session = await local.checkoutSession(String(request.params.id));
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
      response.redirect(303, await local.pay(String(request.params.id)));
    }),
  );
  router.post(
    '/billing/checkout/:id/cancel',
    asyncHandler(async (request, response) => {
      response.redirect(303, (await local.checkoutSession(String(request.params.id))).cancel_url);
    }),
  );

  router.get(
    '/billing/portal/:id',
    asyncHandler(async (request, response) => {
      const portal = await local.portal(String(request.params.id));
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
      const portal = await local.portal(String(request.params.id));
      const action = String(request.params.action);
      if (action === 'cancel')
        await local.updateSubscription(portal.customer_id, { cancelAtPeriodEnd: true });
      if (action === 'resume')
        await local.updateSubscription(portal.customer_id, { cancelAtPeriodEnd: false });
      if (action === 'switch')
        await local.updateSubscription(portal.customer_id, {
          planId: String(request.body?.planId) as PlanId,
        });
      response.redirect(
        303,
        action === 'return' ? portal.return_url : `/billing/portal/${String(request.params.id)}`,
      );
    }),
  );
  return router;
}
