import type pg from 'pg';

/** The archive's README.txt: one line per file. */
export const EXPORT_README = `Your data from Stylised
=======================

profile.json          your account: email, username, full name, sign-in methods, dates
generations.json      every generation: style, your prompt, status, dates, and its image file
images/               the result images (PNG); uploaded photos are deleted after processing
credit-history.json   every movement of your credits (grants, purchases, spends, refunds, expiries)
subscription.json     your plan and its current period
invoices.json         payments for your plan, with amounts and periods
credit-packs.json     payments for one-time credit packs, with amounts and dates
contact-messages.json the messages you sent us through the contact form
claims.json           your "doesn't look like me" claims: result, reason, refund
gifts.json            gifts you bought (code, recipient, message, whether redeemed) and redeemed
share-links.json      the public links you made for your results, open or ended
`;

type Queryable = Pick<pg.Pool, 'query'>;

/** Where the data export gets the user's gifts (the gift service). */
export interface GiftExportSource {
  exportFor(userId: string): Promise<{ bought: unknown[]; redeemed: unknown[] }>;
}

/** The user's "doesn't look like me" claims: which result, why, and what came of it. */
export async function claimsOf(db: Queryable, userId: string) {
  const result = await db.query(
    `SELECT generation_id, style, reason, status, claimed_at, refunded_at
     FROM generation_claims WHERE user_id = $1 ORDER BY claimed_at`,
    [userId],
  );
  return result.rows;
}

/** Every public link the user opened for a result, with its address and whether it still works. */
export async function shareLinksOf(db: Queryable, userId: string, publicUrl: string) {
  const result = await db.query<{
    share_id: string;
    generation_id: string;
    includes_original: boolean;
    shared_at: Date;
    revoked_at: Date | null;
  }>(
    `SELECT share_id, generation_id, includes_original, shared_at, revoked_at
     FROM generation_shares WHERE user_id = $1 ORDER BY shared_at`,
    [userId],
  );
  return result.rows.map((row) => ({
    shareId: row.share_id,
    url: `${publicUrl}/s/${row.share_id}`,
    generationId: row.generation_id,
    includesOriginal: row.includes_original,
    sharedAt: row.shared_at,
    endedAt: row.revoked_at,
  }));
}
