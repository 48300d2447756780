import { giftStreamId, type Actor, type Ledger } from '@app/ledger';
import type { UsersRepository } from '../accounts/users-repository';
import type { MailDelivery } from '../mail/mail-delivery';
import { idFromKey } from '../shared/idempotency';
import type { GiftCodeVault } from './gift-codes';
import { giftCodeHash, newGiftCode } from './gift-codes';
import { giftPurchasedMail, giftReceivedMail } from './gift-mail';
import type { GiftRepository, GiftRow } from './gift-repository';
import type { PaidGift } from './gift-types';

/** Issues a paid gift: its row (the first code wins), its GiftIssued event, then its mails. */
export class GiftIssuing {
  constructor(
    private readonly ledger: Ledger,
    private readonly gifts: GiftRepository,
    private readonly users: UsersRepository,
    private readonly vault: GiftCodeVault,
    private readonly mail: MailDelivery,
    private readonly publicUrl: string,
  ) {}

  /** The gift a payment paid for: recorded once (a repeated payment event issues the same code). */
  async issuePaidGift(paid: PaidGift, correlationId: string): Promise<{ giftId: string }> {
    const giftId = idFromKey('gift', paid.paymentRef);
    const code = newGiftCode();
    const order = await this.gifts.orderFor(paid.paymentRef);
    const row = await this.gifts.insertOnce({
      giftId,
      ...paid,
      recipientEmail: order?.recipientEmail ?? null,
      message: order?.message ?? null,
      codeHash: giftCodeHash(code),
      codeSealed: this.vault.seal(code),
    });
    await this.issue(row, { kind: 'stripe', id: 'payment' }, correlationId);
    return { giftId };
  }

  async issue(row: GiftRow, actor: Actor, correlationId: string): Promise<void> {
    const result = await this.ledger.gifts.handle(
      giftStreamId(row.giftId),
      {
        type: 'IssueGift',
        data: {
          giftId: row.giftId,
          buyerId: row.buyerId,
          packId: row.packId,
          credits: row.credits,
          paymentRef: row.paymentRef,
          amountPaidCents: row.amountPaidCents,
          currency: row.currency,
          codeHash: row.codeHash,
          paidAt: row.paidAt,
        },
      },
      {
        now: new Date(),
        actor,
        reason: 'Gift paid for',
        correlationId,
        idempotencyKey: `gift-issue:${row.giftId}`,
      },
    );
    if (result.events.length > 0) await this.sendIssuedMail(row);
  }

  private async sendIssuedMail(row: GiftRow) {
    const buyer = await this.users.findById(row.buyerId);
    const code = this.vault.open(row.codeSealed);
    if (buyer && !buyer.deletedAt) {
      this.mail.sendLater({
        to: buyer.email,
        userId: buyer.id,
        ...giftPurchasedMail(buyer.fullName ?? buyer.username, {
          code,
          credits: row.credits,
          cardUrl: `${this.publicUrl}/gift-card?id=${encodeURIComponent(row.giftId)}`,
          recipientEmail: row.recipientEmail,
        }),
      });
    }
    if (row.recipientEmail) {
      this.mail.sendLater({
        to: row.recipientEmail,
        userId: row.buyerId,
        ...giftReceivedMail({
          code,
          credits: row.credits,
          message: row.message,
          redeemUrl: `${this.publicUrl}/redeem?code=${encodeURIComponent(code)}`,
        }),
      });
    }
  }
}
