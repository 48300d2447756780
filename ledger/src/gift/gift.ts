import { z } from 'zod';
import type { EvolveContext } from '../shared/decider';
import { assertNever } from '../shared/decider';

// The gift stream `gift-<giftId>`: a pack bought as a gift, redeemed exactly once into the
// redeemer's credit account, or voided. The recipient's address and the buyer's message are
// personal data and stay out of the log (the gifts table has them); the code is only a hash here.

export const giftStreamId = (giftId: string) => `gift-${giftId}`;
/** The credit lot a redemption writes: one per gift, whoever redeems it. */
export const giftPurchaseId = (giftId: string) => `gift:${giftId}`;

const isoDate = z.iso.datetime({ offset: true });

export const giftEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('GiftIssued'),
    data: z.object({
      giftId: z.string(),
      buyerId: z.string(),
      packId: z.string(),
      credits: z.number().int().positive(),
      /** The payment (checkout session) that paid for it: finance attributes the lot to it. */
      paymentRef: z.string(),
      amountPaidCents: z.number().int().nonnegative(),
      currency: z.string(),
      /** sha256 of the normalised code. */
      codeHash: z.string(),
      paidAt: isoDate,
    }),
  }),
  z.object({
    type: z.literal('GiftRedeemed'),
    data: z.object({ giftId: z.string(), redeemerId: z.string(), redeemedAt: isoDate }),
  }),
  z.object({
    type: z.literal('GiftVoided'),
    data: z.object({
      giftId: z.string(),
      /** staff: voided (and refunded) by support; payment_refunded: the payment came back. */
      cause: z.enum(['staff', 'payment_refunded']),
      voidedAt: isoDate,
    }),
  }),
]);

export type GiftEvent = z.infer<typeof giftEventSchema>;
export const giftEventTypes: readonly GiftEvent['type'][] = giftEventSchema.options.map(
  (option) => option.shape.type.value,
);

export type GiftStatus = 'none' | 'unredeemed' | 'redeemed' | 'voided';

export interface GiftState {
  status: GiftStatus;
  issued: Extract<GiftEvent, { type: 'GiftIssued' }>['data'] | null;
  redeemerId: string | null;
  redeemedAt: string | null;
  voidedAt: string | null;
  seenKeys: Record<string, true>;
}

export const initialGiftState = (): GiftState => ({
  status: 'none',
  issued: null,
  redeemerId: null,
  redeemedAt: null,
  voidedAt: null,
  seenKeys: {},
});

export function evolveGift(state: GiftState, event: GiftEvent, context: EvolveContext): GiftState {
  state.seenKeys[context.idempotencyKey] = true;
  switch (event.type) {
    case 'GiftIssued':
      state.status = 'unredeemed';
      state.issued = event.data;
      return state;
    case 'GiftRedeemed':
      state.status = 'redeemed';
      state.redeemerId = event.data.redeemerId;
      state.redeemedAt = event.data.redeemedAt;
      return state;
    case 'GiftVoided':
      state.status = 'voided';
      state.voidedAt = event.data.voidedAt;
      return state;
    default:
      return assertNever(event);
  }
}
