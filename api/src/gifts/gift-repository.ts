import type pg from 'pg';
import type { PaidGift } from './gift-types';

/** A paid gift as stored: the payment's facts, its code (hashed and sealed) and the card's words. */
export interface GiftRow extends PaidGift {
  giftId: string;
  codeHash: string;
  codeSealed: string;
  recipientEmail: string | null;
  message: string | null;
  createdAt: Date;
}

interface DbRow {
  gift_id: string;
  buyer_id: string;
  pack_id: string;
  credits: number;
  payment_ref: string;
  amount_paid_cents: number;
  currency: string;
  paid_at: Date;
  code_hash: string;
  code_sealed: string;
  recipient_email: string | null;
  message: string | null;
  created_at: Date;
}

const fromDb = (row: DbRow): GiftRow => ({
  giftId: row.gift_id,
  buyerId: row.buyer_id,
  packId: row.pack_id,
  credits: row.credits,
  paymentRef: row.payment_ref,
  amountPaidCents: row.amount_paid_cents,
  currency: row.currency,
  paidAt: row.paid_at,
  codeHash: row.code_hash,
  codeSealed: row.code_sealed,
  recipientEmail: row.recipient_email,
  message: row.message,
  createdAt: row.created_at,
});

/** The gifts table: lookups by code hash, the buyer's list, and the reconciler's work list. */
export class GiftRepository {
  constructor(private readonly db: Pick<pg.Pool, 'query'>) {}

  /**
   * Records a paid gift once: the first writer's code wins (a repeated payment event finds the
   * row it made and issues the same code).
   */
  async insertOnce(gift: Omit<GiftRow, 'createdAt'>): Promise<GiftRow> {
    await this.db.query(
      `INSERT INTO gifts (gift_id, buyer_id, pack_id, credits, payment_ref, amount_paid_cents,
         currency, paid_at, code_hash, code_sealed, recipient_email, message)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (gift_id) DO NOTHING`,
      [
        gift.giftId,
        gift.buyerId,
        gift.packId,
        gift.credits,
        gift.paymentRef,
        gift.amountPaidCents,
        gift.currency,
        gift.paidAt,
        gift.codeHash,
        gift.codeSealed,
        gift.recipientEmail,
        gift.message,
      ],
    );
    return (await this.byId(gift.giftId))!;
  }

  async byId(giftId: string): Promise<GiftRow | null> {
    const result = await this.db.query<DbRow>('SELECT * FROM gifts WHERE gift_id = $1', [giftId]);
    return result.rows[0] ? fromDb(result.rows[0]) : null;
  }

  async byCodeHash(codeHash: string): Promise<GiftRow | null> {
    const result = await this.db.query<DbRow>('SELECT * FROM gifts WHERE code_hash = $1', [
      codeHash,
    ]);
    return result.rows[0] ? fromDb(result.rows[0]) : null;
  }

  async byPaymentRef(paymentRef: string): Promise<GiftRow | null> {
    const result = await this.db.query<DbRow>('SELECT * FROM gifts WHERE payment_ref = $1', [
      paymentRef,
    ]);
    return result.rows[0] ? fromDb(result.rows[0]) : null;
  }

  /** Every gift the buyer bought, newest first (all of them, not a page: data export, deletion). */
  async allByBuyer(buyerId: string): Promise<GiftRow[]> {
    const result = await this.db.query<DbRow>(
      'SELECT * FROM gifts WHERE buyer_id = $1 ORDER BY created_at DESC',
      [buyerId],
    );
    return result.rows.map(fromDb);
  }

  async listByBuyer(buyerId: string): Promise<GiftRow[]> {
    const result = await this.db.query<DbRow>(
      'SELECT * FROM gifts WHERE buyer_id = $1 ORDER BY created_at DESC LIMIT 200',
      [buyerId],
    );
    return result.rows.map(fromDb);
  }

  /**
   * Staff's search: the gift whose code hashes to `codeHash`, the gift with this id, or the gifts of
   * buyers whose email contains the term; newest first.
   */
  async searchForStaff(term: string, codeHash: string | null, limit = 50): Promise<GiftRow[]> {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const result = await this.db.query<DbRow>(
      `SELECT g.* FROM gifts g LEFT JOIN users u ON u.id = g.buyer_id
       WHERE g.code_hash = $1 OR g.gift_id = $2 OR u.email ILIKE $3
       ORDER BY g.created_at DESC LIMIT $4`,
      [codeHash, term, pattern, limit],
    );
    return result.rows.map(fromDb);
  }

  /**
   * A page of the gifts not yet settled, those checked longest ago (or never) first, each stamped
   * as checked now: an unredeemed gift stays unsettled until someone redeems it, so a page by age
   * alone would show the same oldest gifts for ever once there are more than fit in it.
   */
  async takeUnsettledPage(limit = 500): Promise<GiftRow[]> {
    const result = await this.db.query<DbRow>(
      `UPDATE gifts SET reconciled_at = now()
       WHERE gift_id IN (
         SELECT gift_id FROM gifts WHERE settled_at IS NULL
         ORDER BY reconciled_at NULLS FIRST, created_at LIMIT $1
       )
       RETURNING *`,
      [limit],
    );
    return result.rows.map(fromDb);
  }

  async recordOrder(
    checkoutSessionId: string,
    buyerId: string,
    details: { recipientEmail?: string; message?: string },
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO gift_orders (checkout_session_id, buyer_id, recipient_email, message)
       VALUES ($1, $2, $3, $4) ON CONFLICT (checkout_session_id) DO NOTHING`,
      [checkoutSessionId, buyerId, details.recipientEmail ?? null, details.message ?? null],
    );
  }

  async orderFor(
    checkoutSessionId: string,
  ): Promise<{ recipientEmail: string | null; message: string | null } | null> {
    const result = await this.db.query<{ recipient_email: string | null; message: string | null }>(
      'SELECT recipient_email, message FROM gift_orders WHERE checkout_session_id = $1',
      [checkoutSessionId],
    );
    const row = result.rows[0];
    return row ? { recipientEmail: row.recipient_email, message: row.message } : null;
  }

  async markSettled(giftId: string): Promise<void> {
    await this.db.query(
      'UPDATE gifts SET settled_at = now() WHERE gift_id = $1 AND settled_at IS NULL',
      [giftId],
    );
  }
}
