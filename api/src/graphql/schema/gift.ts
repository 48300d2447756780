import type { GiftView } from '../../gifts/gift-service';
import { builder } from '../builder';

const GiftStatusEnum = builder.enumType('GiftStatus', {
  values: ['UNREDEEMED', 'REDEEMED', 'VOIDED'] as const,
});

const GiftRef = builder.objectRef<GiftView>('Gift').implement({
  description: 'A credit pack bought as a gift, as its buyer sees it',
  fields: (t) => ({
    id: t.id({ resolve: (gift) => gift.giftId }),
    code: t.exposeString('code', { description: 'Shown to the buyer only' }),
    packId: t.exposeString('packId'),
    credits: t.exposeInt('credits'),
    amountPaidCents: t.exposeInt('amountPaidCents'),
    currency: t.exposeString('currency'),
    status: t.field({
      type: GiftStatusEnum,
      resolve: (gift) => gift.status.toUpperCase() as 'UNREDEEMED' | 'REDEEMED' | 'VOIDED',
    }),
    redeemedAt: t.field({ type: 'DateTime', nullable: true, resolve: (gift) => gift.redeemedAt }),
    voidedAt: t.field({ type: 'DateTime', nullable: true, resolve: (gift) => gift.voidedAt }),
    recipientEmail: t.exposeString('recipientEmail', { nullable: true }),
    message: t.exposeString('message', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (gift) => gift.createdAt }),
  }),
});

const RedeemedGiftRef = builder
  .objectRef<{ giftId: string; credits: number }>('RedeemedGift')
  .implement({
    fields: (t) => ({
      giftId: t.exposeID('giftId'),
      credits: t.exposeInt('credits', { description: 'Added to your account' }),
    }),
  });

builder.queryFields((t) => ({
  myGifts: t.field({
    type: [GiftRef],
    authScopes: { signedIn: true },
    description: 'The gifts you bought, newest first',
    resolve: (_root, _args, context) =>
      context.services.gifts.listForBuyer(context.viewer!.user.id),
  }),
  myGift: t.field({
    type: GiftRef,
    authScopes: { signedIn: true },
    description: 'One gift you bought (the printable gift card)',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) =>
      context.services.gifts.giftForBuyer(context.viewer!.user.id, String(id)),
  }),
}));

builder.mutationFields((t) => ({
  redeemGift: t.field({
    type: RedeemedGiftRef,
    authScopes: { signedIn: true },
    args: { code: t.arg.string({ required: true }) },
    resolve: (_root, { code }, context) =>
      context.services.gifts.redeem(context.viewer!.user.id, code, context.request),
  }),
}));
