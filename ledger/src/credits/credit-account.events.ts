import { z } from 'zod';

// The credit account stream `credits-<userId>`: its events (state and evolve: credit-account.ts).

export const CREDITS_PER_GENERATION = 5;
export const creditStreamId = (userId: string) => `credits-${userId}`;

const isoDate = z.iso.datetime({ offset: true });
const lotAllocation = z.object({ lotId: z.string(), amount: z.number().int().positive() });
const funding = z.enum(['free', 'paid']);
export type Funding = z.infer<typeof funding>;

/** An allocation on a spend, with what finance needs to know about the lot that paid. */
const spendAllocation = lotAllocation.extend({ funding, expiresAt: isoDate.nullable() });

/** Why an owner asked for a generation's credits back ("Doesn't look like me"). */
export const claimReasonSchema = z.enum([
  'does_not_look_like_me',
  'wrong_style',
  'broken_image',
  'other',
]);
export type ClaimReason = z.infer<typeof claimReasonSchema>;

export const creditAccountEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CreditsGranted'),
    data: z.object({
      userId: z.string(),
      grantId: z.string(),
      amount: z.number().int().positive(),
      source: z.enum(['signup', 'monthly_allowance', 'goodwill', 'migration']),
      expiresAt: isoDate.nullable(),
    }),
  }),
  z.object({
    type: z.literal('CreditsPurchased'),
    data: z.object({
      userId: z.string(),
      purchaseId: z.string(),
      amount: z.number().int().positive(),
      planId: z.string(),
      invoiceId: z.string(),
      amountPaidCents: z.number().int().nonnegative(),
      currency: z.string(),
      periodStart: isoDate,
      periodEnd: isoDate,
      expiresAt: isoDate.nullable(),
      /** What was bought; absent on events written before packs and gifts existed: a plan. */
      product: z.enum(['plan', 'pack', 'gift']).optional(),
      packId: z.string().optional(),
      giftId: z.string().optional(),
    }),
  }),
  z.object({
    type: z.literal('CreditsReserved'),
    data: z.object({
      userId: z.string(),
      reservationId: z.string(),
      generationId: z.string(),
      amount: z.number().int().positive(),
      deadline: isoDate,
      allocations: z.array(lotAllocation),
    }),
  }),
  z.object({
    type: z.literal('CreditsSpent'),
    data: z.object({
      userId: z.string(),
      reservationId: z.string(),
      generationId: z.string(),
      amount: z.number().int().positive(),
      allocations: z.array(spendAllocation),
    }),
  }),
  z.object({
    type: z.literal('CreditsReleased'),
    data: z.object({
      userId: z.string(),
      reservationId: z.string(),
      generationId: z.string(),
      amount: z.number().int().positive(),
      allocations: z.array(lotAllocation),
    }),
  }),
  z.object({
    type: z.literal('CreditsRefunded'),
    data: z.object({
      userId: z.string(),
      refundId: z.string(),
      reservationId: z.string(),
      amount: z.number().int().positive(),
      /** Set when the owner claimed the credits back for an unusable result (absent on older events). */
      claimReason: claimReasonSchema.optional(),
      /** Refunded credits come back as new lots with the funding of the lots that paid. */
      lots: z.array(
        z.object({
          lotId: z.string(),
          amount: z.number().int().positive(),
          funding,
          expiresAt: isoDate.nullable(),
        }),
      ),
    }),
  }),
  /**
   * What was left of a lot when its period ended. `amount` is 0 only when every credit left in the
   * lot was held by a generation at that moment: the lot is closed all the same, and those credits
   * expire when the hold is released (a follow-up event naming the `reservationId`).
   */
  z.object({
    type: z.literal('CreditsExpired'),
    data: z.object({
      userId: z.string(),
      lotId: z.string(),
      amount: z.number().int().nonnegative(),
      funding,
      /** Set when these credits were held when the lot ended and have just been released. */
      reservationId: z.string().optional(),
    }),
  }),
  /** What was unspent of a lot whose payment was refunded; `amount` and `reservationId` as above. */
  z.object({
    type: z.literal('CreditsRevoked'),
    data: z.object({
      userId: z.string(),
      lotId: z.string(),
      amount: z.number().int().nonnegative(),
      funding,
      reference: z.string(),
      reservationId: z.string().optional(),
    }),
  }),
]);

export type CreditAccountEvent = z.infer<typeof creditAccountEventSchema>;
export type CreditAccountEventType = CreditAccountEvent['type'];
export const creditAccountEventTypes: readonly CreditAccountEventType[] =
  creditAccountEventSchema.options.map((option) => option.shape.type.value);
