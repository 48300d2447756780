import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

export interface CreditBalance {
  userId: string;
  /** Credits usable now: unexpired lots, less what is held. */
  available: number;
  held: number;
  lifetimeGranted: number;
  lifetimePurchased: number;
  lifetimeSpent: number;
  lifetimeRefunded: number;
  lifetimeExpired: number;
  lifetimeRevoked: number;
}

export async function getCreditBalance(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<CreditBalance> {
  const result = await db.query<Record<string, string | null>>(
    `SELECT
       (SELECT coalesce(sum(remaining), 0) FROM credit_lots
         WHERE user_id = $1 AND remaining > 0 AND (expires_at IS NULL OR expires_at > $2)) AS available,
       b.held, b.lifetime_granted, b.lifetime_purchased, b.lifetime_spent, b.lifetime_refunded,
       b.lifetime_expired, b.lifetime_revoked
     FROM (SELECT 1) AS one LEFT JOIN credit_balances b ON b.user_id = $1`,
    [userId, now],
  );
  const row = result.rows[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    userId,
    available: n('available'),
    held: n('held'),
    lifetimeGranted: n('lifetime_granted'),
    lifetimePurchased: n('lifetime_purchased'),
    lifetimeSpent: n('lifetime_spent'),
    lifetimeRefunded: n('lifetime_refunded'),
    lifetimeExpired: n('lifetime_expired'),
    lifetimeRevoked: n('lifetime_revoked'),
  };
}
