import type pg from 'pg';
import type { GiftCodeVault } from './gift-codes';
import { giftReceivedMail } from './gift-mail';
import type { GiftRow } from './gift-repository';

/**
 * A deleted buyer's gifts stay redeemable: the mail waiting in the outbox for each recipient is
 * kept (it is the recipient's, with their code) but rewritten without what the buyer wrote, and
 * no longer tied to the buyer's account. Runs inside the deletion's transaction.
 */
export async function rewriteRecipientMail(
  db: Pick<pg.PoolClient, 'query'>,
  gifts: readonly GiftRow[],
  vault: GiftCodeVault,
  publicUrl: string,
): Promise<number> {
  let rewritten = 0;
  for (const gift of gifts) {
    if (!gift.recipientEmail) continue;
    const code = vault.open(gift.codeSealed);
    const mail = giftReceivedMail({
      code,
      credits: gift.credits,
      message: null,
      redeemUrl: `${publicUrl}/redeem?code=${encodeURIComponent(code)}`,
    });
    const result = await db.query(
      `UPDATE outbox_mail SET user_id = NULL, subject = $4, text_body = $5, html_body = $6
       WHERE kind = 'gift-received' AND user_id = $1 AND lower(to_address) = lower($2)
         AND position($3 in text_body) > 0`,
      [gift.buyerId, gift.recipientEmail, code, mail.subject, mail.text, mail.html],
    );
    rewritten += result.rowCount ?? 0;
  }
  return rewritten;
}
