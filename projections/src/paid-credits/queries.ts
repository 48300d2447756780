import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

/** A paid gift as finance's read model has it, for reconciliation with the payment provider. */
export interface GiftPaymentRecord {
  /** How many gift lots name this payment (exactly one is right). */
  gifts: number;
  buyerId: string;
  amountPaidCents: number;
  credits: number;
  /** Credits taken back by a void or a refunded payment (0: the ledger still counts the money). */
  revokedCredits: number;
  /** Credits of the gift spent, expired or taken back so far. */
  movedCredits: number;
}

/** Gift lots by the payment (checkout session) that paid for them. */
export async function giftPaymentsByReference(
  db: Queryable,
): Promise<Map<string, GiftPaymentRecord>> {
  const result = await db.query<{
    reference: string;
    gifts: string;
    buyer_id: string;
    cents: string;
    credits: string;
    revoked: string;
    moved: string;
  }>(
    `SELECT l.reference, count(*) AS gifts, min(l.user_id) AS buyer_id,
       sum(l.amount_paid_cents) AS cents, sum(l.credits) AS credits, sum(l.moved) AS moved,
       coalesce(sum(m.revoked), 0) AS revoked
     FROM paid_lots l
     LEFT JOIN (
       SELECT origin_lot_id, sum(credits) AS revoked FROM paid_lot_movements
       WHERE kind = 'revoked' GROUP BY origin_lot_id
     ) m ON m.origin_lot_id = l.lot_id
     WHERE l.product = 'gift' AND l.lot_id = l.origin_lot_id
     GROUP BY l.reference`,
  );
  return new Map(
    result.rows.map((row) => [
      row.reference,
      {
        gifts: Number(row.gifts),
        buyerId: row.buyer_id,
        amountPaidCents: Number(row.cents),
        credits: Number(row.credits),
        revokedCredits: Number(row.revoked),
        movedCredits: Number(row.moved),
      },
    ]),
  );
}
