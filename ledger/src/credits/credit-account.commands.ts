import type { ClaimReason } from './credit-account';

export type CreditAccountCommand =
  | {
      type: 'GrantCredits';
      data: {
        userId: string;
        grantId: string;
        amount: number;
        source: 'signup' | 'monthly_allowance' | 'goodwill' | 'migration';
        expiresAt: Date | null;
      };
    }
  | {
      type: 'PurchaseCredits';
      data: {
        userId: string;
        purchaseId: string;
        amount: number;
        planId: string;
        invoiceId: string;
        amountPaidCents: number;
        currency: string;
        periodStart: Date;
        periodEnd: Date;
        expiresAt: Date | null;
        product?: 'plan' | 'pack' | 'gift';
        packId?: string;
        giftId?: string;
      };
    }
  | {
      type: 'HoldCredits';
      data: {
        userId: string;
        reservationId: string;
        generationId: string;
        amount: number;
        deadline: Date;
        /** At most this many holds may be open at once (generations in progress per user). */
        maxOpenHolds?: number;
      };
    }
  | { type: 'CaptureHold'; data: { userId: string; reservationId: string } }
  | { type: 'ReleaseHold'; data: { userId: string; reservationId: string } }
  | {
      type: 'RefundCredits';
      data: {
        userId: string;
        refundId: string;
        reservationId: string;
        amount: number;
        claimReason?: ClaimReason;
      };
    }
  /**
   * Expires what is left of lots past their expiry; or, at once, of the named lots, or of the paid
   * lots whose period ends by `paidExpiringBy` (a new billing period resets: no rollover).
   */
  | {
      type: 'ExpireCredits';
      data: { userId: string; lotIds?: readonly string[]; paidExpiringBy?: Date };
    }
  /** Takes back what is unspent of one lot (its payment was refunded). */
  | { type: 'RevokeCredits'; data: { userId: string; lotId: string; reference: string } };

export type CommandOf<T extends CreditAccountCommand['type']> = Extract<
  CreditAccountCommand,
  { type: T }
>;
