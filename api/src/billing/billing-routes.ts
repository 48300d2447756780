import express, { Router } from 'express';
import type { Services } from '../composition/services';
import { asyncHandler } from '../http/rest/error-handler';
import { unauthenticated } from '../shared/errors';
import { idempotencyKeyFrom } from '../shared/idempotency';

/** The spec's billing paths and the Stripe webhook, over the same services as GraphQL. */
export function billingRoutes(services: Services): Router {
  const router = Router();
  const { billing } = services;

  router.get('/api/subscription-plans', (_request, response) => {
    response.json(
      billing.plans().map(({ id, name, price, interval, features, creditsPerMonth }) => ({
        id,
        name,
        price,
        interval,
        features,
        creditsPerMonth,
      })),
    );
  });

  router.post(
    '/api/create-subscription',
    express.json({ limit: '8kb' }),
    asyncHandler(async (request, response) => {
      if (!request.viewer) throw unauthenticated('Please login to subscribe');
      response.json(
        await billing.createCheckout(
          request.viewer.user,
          (request.body as { planId?: unknown } | undefined)?.planId,
          idempotencyKeyFrom(request.get('idempotency-key')),
        ),
      );
    }),
  );

  router.get('/api/credit-packs', (_request, response) => {
    response.json(
      billing
        .packs()
        .map(({ id, name, credits, priceCents }) => ({ id, name, credits, priceCents })),
    );
  });

  router.post(
    '/api/create-pack-checkout',
    express.json({ limit: '8kb' }),
    asyncHandler(async (request, response) => {
      if (!request.viewer) throw unauthenticated('Please login to buy credits');
      const body = (request.body ?? {}) as { packId?: unknown; gift?: unknown };
      response.json(
        await billing.createPackCheckout(
          request.viewer.user,
          body.packId,
          body.gift,
          idempotencyKeyFrom(request.get('idempotency-key')),
        ),
      );
    }),
  );

  router.post(
    '/api/create-portal-session',
    asyncHandler(async (request, response) => {
      if (!request.viewer) throw unauthenticated('Please login to manage your subscription');
      response.json(
        await billing.createPortal(
          request.viewer.user,
          idempotencyKeyFrom(request.get('idempotency-key')),
        ),
      );
    }),
  );

  // The signature is checked on the exact bytes Stripe sent: raw body, before any JSON parsing.
  router.post(
    '/api/stripe/webhook',
    express.raw({ type: '*/*', limit: '1mb' }),
    asyncHandler(async (request, response) => {
      const outcome = await services.webhooks.receive(
        request.body as Buffer,
        request.get('stripe-signature'),
      );
      // Another delivery of this event is being processed: 409 asks the sender to retry later.
      if (outcome === 'in_progress') response.status(409).json({ received: false, outcome });
      else response.json({ received: true, outcome });
    }),
  );
  return router;
}
