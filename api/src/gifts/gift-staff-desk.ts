import { giftStreamId, type Ledger } from '@app/ledger';
import { z } from 'zod';
import { parseInput } from '../accounts/account-validation';
import type { UsersRepository } from '../accounts/users-repository';
import { giftCodeHash, normalizeGiftCode } from './gift-codes';
import type { GiftRepository, GiftRow } from './gift-repository';
import type { GiftStatus } from './gift-types';
import { giftStatusOf } from './gift-view';

export interface StaffGiftPerson {
  id: string;
  email: string;
  name: string | null;
}

/** A gift as staff see it: who paid, who redeemed, where it stands. Never its code. */
export interface StaffGiftView {
  giftId: string;
  status: GiftStatus;
  packId: string;
  credits: number;
  amountPaidCents: number;
  currency: string;
  paidAt: Date;
  buyer: StaffGiftPerson | null;
  redeemedBy: StaffGiftPerson | null;
  redeemedAt: Date | null;
  voidedAt: Date | null;
  /** staff (with the staff member's reason) or payment_refunded (the provider's refund). */
  voidCause: 'staff' | 'payment_refunded' | null;
  voidReason: string | null;
}

export const voidGiftSchema = z.object({
  giftId: z.string({ error: 'Choose a gift' }).trim().min(1, { error: 'Choose a gift' }),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, { error: 'A reason is required (at least 3 characters)' })
    .max(500, { error: 'A reason can be at most 500 characters' }),
});

export const parseVoidGift = (input: unknown) => parseInput(voidGiftSchema, input);

/** The staff console's view of gifts: search by code, gift id or buyer email. */
export class GiftStaffDesk {
  constructor(
    private readonly ledger: Ledger,
    private readonly gifts: GiftRepository,
    private readonly users: Pick<UsersRepository, 'findById'>,
  ) {}

  async search(query: string): Promise<StaffGiftView[]> {
    const term = query.trim();
    if (!term) return [];
    const code = normalizeGiftCode(term);
    const rows = await this.gifts.searchForStaff(term, code ? giftCodeHash(code) : null);
    return Promise.all(rows.map((row) => this.view(row)));
  }

  async view(row: GiftRow): Promise<StaffGiftView> {
    const events = await this.ledger.store.readStream(giftStreamId(row.giftId));
    const { state } = await this.ledger.gifts.read(giftStreamId(row.giftId));
    const voided = events.find((event) => event.type === 'GiftVoided');
    const cause = (voided?.data as { cause?: 'staff' | 'payment_refunded' } | undefined)?.cause;
    return {
      giftId: row.giftId,
      status: giftStatusOf(state),
      packId: row.packId,
      credits: row.credits,
      amountPaidCents: row.amountPaidCents,
      currency: row.currency,
      paidAt: row.paidAt,
      buyer: await this.person(row.buyerId),
      redeemedBy: state.redeemerId ? await this.person(state.redeemerId) : null,
      redeemedAt: state.redeemedAt ? new Date(state.redeemedAt) : null,
      voidedAt: state.voidedAt ? new Date(state.voidedAt) : null,
      voidCause: cause ?? null,
      voidReason: voided?.metadata.reason ?? null,
    };
  }

  private async person(userId: string): Promise<StaffGiftPerson | null> {
    const user = await this.users.findById(userId);
    return user ? { id: user.id, email: user.email, name: user.fullName ?? user.username } : null;
  }
}
