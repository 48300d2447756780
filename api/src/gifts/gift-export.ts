import { creditStreamId, type Ledger } from '@app/ledger';
import type { GiftCodeVault } from './gift-codes';
import type { GiftRepository } from './gift-repository';
import { giftView } from './gift-view';

/** A gift the user bought, as their data export shows it: whether it was redeemed, not by whom. */
export interface ExportedGiftBought {
  giftId: string;
  code: string;
  packId: string;
  credits: number;
  amountPaidCents: number;
  currency: string;
  paidAt: Date;
  recipientEmail: string | null;
  message: string | null;
  status: 'unredeemed' | 'redeemed' | 'voided';
  redeemedAt: Date | null;
  voidedAt: Date | null;
}

/** A gift the user redeemed: the credits they got, nothing of the buyer. */
export interface ExportedGiftRedeemed {
  giftId: string;
  credits: number;
  redeemedAt: string;
  expiresAt: string | null;
}

export interface GiftExport {
  bought: ExportedGiftBought[];
  redeemed: ExportedGiftRedeemed[];
}

/** What the gifts hold about one user, for "Download my data". */
export async function giftExportOf(
  ledger: Ledger,
  gifts: GiftRepository,
  vault: GiftCodeVault,
  userId: string,
): Promise<GiftExport> {
  const bought = await Promise.all(
    (await gifts.allByBuyer(userId)).map(async (row) => {
      const view = await giftView(ledger, vault, row);
      return {
        giftId: row.giftId,
        code: view.code,
        packId: row.packId,
        credits: row.credits,
        amountPaidCents: row.amountPaidCents,
        currency: row.currency,
        paidAt: row.paidAt,
        recipientEmail: row.recipientEmail,
        message: row.message,
        status: view.status,
        redeemedAt: view.redeemedAt,
        voidedAt: view.voidedAt,
      };
    }),
  );
  // Redemptions are the gift lots in the user's own credit stream (keyed by the gift).
  const redeemed: ExportedGiftRedeemed[] = [];
  for (const event of await ledger.store.readStream(creditStreamId(userId))) {
    if (event.type !== 'CreditsPurchased') continue;
    const data = event.data as { giftId?: string; amount: number; expiresAt: string | null };
    if (!data.giftId) continue;
    redeemed.push({
      giftId: data.giftId,
      credits: data.amount,
      redeemedAt: event.metadata.occurredAt,
      expiresAt: data.expiresAt,
    });
  }
  return { bought: bought.reverse(), redeemed };
}
