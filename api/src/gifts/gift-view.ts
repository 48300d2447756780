import { giftStreamId, type GiftState, type Ledger } from '@app/ledger';
import type { GiftCodeVault } from './gift-codes';
import type { GiftRow } from './gift-repository';
import type { GiftStatus, GiftView } from './gift-types';

/** Where a gift stands by its stream: paid but not yet in the log counts as unredeemed. */
export const giftStatusOf = (state: GiftState): GiftStatus =>
  // Paid but not yet in the log (a crash the reconciler is about to finish): not redeemable yet.
  state.status === 'none' ? 'unredeemed' : state.status;

/** A gift as its buyer sees it: the table's row with its status folded from the log. */
export async function giftView(
  ledger: Ledger,
  vault: GiftCodeVault,
  row: GiftRow,
): Promise<GiftView> {
  const { state } = await ledger.gifts.read(giftStreamId(row.giftId));
  return {
    giftId: row.giftId,
    code: vault.open(row.codeSealed),
    packId: row.packId,
    credits: row.credits,
    amountPaidCents: row.amountPaidCents,
    currency: row.currency,
    status: giftStatusOf(state),
    redeemedAt: state.redeemedAt ? new Date(state.redeemedAt) : null,
    voidedAt: state.voidedAt ? new Date(state.voidedAt) : null,
    recipientEmail: row.recipientEmail,
    message: row.message,
    createdAt: row.createdAt,
  };
}
