import type { StaffGiftPerson, StaffGiftView } from '../../gifts/gift-staff-desk';
import { builder } from '../builder';

const StaffGiftStatusEnum = builder.enumType('StaffGiftStatus', {
  values: ['UNREDEEMED', 'REDEEMED', 'VOIDED'] as const,
});
const GiftVoidCauseEnum = builder.enumType('GiftVoidCause', {
  values: ['STAFF', 'PAYMENT_REFUNDED'] as const,
});

const StaffGiftPersonRef = builder.objectRef<StaffGiftPerson>('StaffGiftPerson').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name', { nullable: true }),
  }),
});

const StaffGiftRef = builder.objectRef<StaffGiftView>('StaffGift').implement({
  description: 'A gift as staff see it: who paid and who redeemed it (never its code)',
  fields: (t) => ({
    id: t.id({ resolve: (gift) => gift.giftId }),
    status: t.field({
      type: StaffGiftStatusEnum,
      resolve: (gift) => gift.status.toUpperCase() as 'UNREDEEMED' | 'REDEEMED' | 'VOIDED',
    }),
    packId: t.exposeString('packId'),
    credits: t.exposeInt('credits'),
    amountPaidCents: t.exposeInt('amountPaidCents'),
    currency: t.exposeString('currency'),
    paidAt: t.field({ type: 'DateTime', resolve: (gift) => gift.paidAt }),
    buyer: t.field({ type: StaffGiftPersonRef, nullable: true, resolve: (gift) => gift.buyer }),
    redeemedBy: t.field({
      type: StaffGiftPersonRef,
      nullable: true,
      resolve: (gift) => gift.redeemedBy,
    }),
    redeemedAt: t.field({ type: 'DateTime', nullable: true, resolve: (gift) => gift.redeemedAt }),
    voidedAt: t.field({ type: 'DateTime', nullable: true, resolve: (gift) => gift.voidedAt }),
    voidCause: t.field({
      type: GiftVoidCauseEnum,
      nullable: true,
      resolve: (gift) =>
        gift.voidCause ? (gift.voidCause.toUpperCase() as 'STAFF' | 'PAYMENT_REFUNDED') : null,
    }),
    voidReason: t.exposeString('voidReason', { nullable: true }),
  }),
});

const VoidGiftInput = builder.inputType('VoidGiftInput', {
  fields: (t) => ({
    giftId: t.id({ required: true }),
    reason: t.string({ required: true, description: '3 to 500 characters, kept in the ledger' }),
  }),
});

builder.queryFields((t) => ({
  staffGifts: t.field({
    type: [StaffGiftRef],
    authScopes: { support: true, finance: true },
    description: 'Gifts by code, gift id or (part of) the buyer’s email, newest first',
    args: { query: t.arg.string({ required: true }) },
    resolve: (_root, { query }, context) => context.services.gifts.staffSearch(query),
  }),
}));

builder.mutationFields((t) => ({
  staffVoidGift: t.field({
    type: StaffGiftRef,
    authScopes: { support: true },
    description:
      'Voids an unredeemed gift and refunds its payment (once per gift, whoever repeats it)',
    args: { input: t.arg({ type: VoidGiftInput, required: true }) },
    resolve: (_root, { input }, context) =>
      context.services.gifts.voidGift(
        context.viewer!.user.id,
        { giftId: String(input.giftId), reason: input.reason },
        context.request.correlationId,
      ),
  }),
}));
