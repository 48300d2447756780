import express, { Router, type Request } from 'express';
import { holdsRole } from '../accounts/users-repository';
import type { Services } from '../composition/services';
import { forbidden, unauthenticated } from '../shared/errors';
import type { GiftView, StaffGiftView } from './gift-service';

export const giftJson = (gift: GiftView) => ({
  id: gift.giftId,
  code: gift.code,
  packId: gift.packId,
  credits: gift.credits,
  amountPaidCents: gift.amountPaidCents,
  currency: gift.currency,
  status: gift.status,
  redeemedAt: gift.redeemedAt?.toISOString() ?? null,
  voidedAt: gift.voidedAt?.toISOString() ?? null,
  recipientEmail: gift.recipientEmail,
  message: gift.message,
  createdAt: gift.createdAt.toISOString(),
});

export const staffGiftJson = (gift: StaffGiftView) => ({
  id: gift.giftId,
  status: gift.status,
  packId: gift.packId,
  credits: gift.credits,
  amountPaidCents: gift.amountPaidCents,
  currency: gift.currency,
  paidAt: gift.paidAt.toISOString(),
  buyer: gift.buyer,
  redeemedBy: gift.redeemedBy,
  redeemedAt: gift.redeemedAt?.toISOString() ?? null,
  voidedAt: gift.voidedAt?.toISOString() ?? null,
  voidCause: gift.voidCause,
  voidReason: gift.voidReason,
});

const signedIn = (request: Request, message: string) => {
  if (!request.viewer) throw unauthenticated(message);
  return request.viewer.user;
};

/** The spec's gift paths, over the same service as GraphQL. */
export function giftRoutes(services: Services): Router {
  const router = Router();
  const { gifts } = services;

  router.get('/api/gifts', async (request, response) => {
    const user = signedIn(request, 'Please login to see your gifts');
    response.setHeader('Cache-Control', 'no-store');
    response.json((await gifts.listForBuyer(user.id)).map(giftJson));
  });

  router.get('/api/gifts/:giftId', async (request, response) => {
    const user = signedIn(request, 'Please login to see your gifts');
    response.setHeader('Cache-Control', 'no-store');
    response.json(giftJson(await gifts.giftForBuyer(user.id, String(request.params.giftId))));
  });

  router.post('/api/redeem-gift', express.json({ limit: '8kb' }), async (request, response) => {
    const user = signedIn(request, 'Please sign up or login to redeem your gift');
    const code = (request.body as { code?: unknown } | undefined)?.code;
    response.json(await gifts.redeem(user.id, code, request.context!));
  });

  router.get('/api/staff/gifts', async (request, response) => {
    const user = signedIn(request, 'Please login to continue');
    if (!holdsRole(user.roles, 'support') && !holdsRole(user.roles, 'finance')) throw forbidden();
    response.setHeader('Cache-Control', 'no-store');
    const query = typeof request.query.q === 'string' ? request.query.q : '';
    response.json((await gifts.staffSearch(query)).map(staffGiftJson));
  });

  router.post(
    '/api/staff/gifts/:giftId/void',
    express.json({ limit: '8kb' }),
    async (request, response) => {
      const user = signedIn(request, 'Please login to continue');
      if (!holdsRole(user.roles, 'support')) throw forbidden();
      const body = (request.body ?? {}) as { reason?: unknown };
      const gift = await gifts.voidGift(
        user.id,
        { giftId: String(request.params.giftId), reason: body.reason },
        request.context!.correlationId,
      );
      response.json(staffGiftJson(gift));
    },
  );
  return router;
}
