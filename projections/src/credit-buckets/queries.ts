import type { CreditBucket } from '@app/ledger';
import type pg from 'pg';
import {
  bucketFigures,
  expiryWarningOf,
  spendingOrder,
  type BucketFigures,
  type BucketLot,
} from './credit-buckets.fold';

type Queryable = Pick<pg.Pool, 'query'>;

interface LotRow {
  user_id: string;
  lot_id: string;
  bucket: CreditBucket;
  funding: 'free' | 'paid';
  source: string;
  amount: number;
  remaining: number;
  expires_at: Date | null;
  created_at: Date;
}

const toLot = (row: LotRow): BucketLot => ({
  userId: row.user_id,
  lotId: row.lot_id,
  bucket: row.bucket,
  funding: row.funding,
  source: row.source,
  amount: row.amount,
  remaining: row.remaining,
  expiresAt: row.expires_at === null ? null : row.expires_at.toISOString(),
  createdAt: row.created_at.toISOString(),
});

/** A user's lots with credits left and not yet expired at `now`. */
export async function usableBucketLots(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<BucketLot[]> {
  const result = await db.query<LotRow>(
    `SELECT * FROM credit_bucket_lots
      WHERE user_id = $1 AND remaining > 0 AND (expires_at IS NULL OR expires_at > $2)`,
    [userId, now],
  );
  return result.rows.map(toLot);
}

export interface CreditBucketBalance {
  buckets: BucketFigures[];
  /** Buckets with credits, in the order they are spent (soonest-expiring first). */
  spendingOrder: CreditBucket[];
  /** Paid plan credits expiring within three days (the in-app banner), if any. */
  expiryWarning: { credits: number; expiresAt: Date } | null;
}

export async function getCreditBuckets(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<CreditBucketBalance> {
  const lots = await usableBucketLots(db, userId, now);
  const figures = bucketFigures(lots, now);
  return {
    buckets: figures,
    spendingOrder: spendingOrder(figures),
    expiryWarning: expiryWarningOf(lots, now),
  };
}

/** The bucket each of a user's lots is in (the credit history names the bucket of an expiry). */
export async function bucketsOfLots(
  db: Queryable,
  userId: string,
  lotIds: readonly string[],
): Promise<Map<string, CreditBucket>> {
  if (lotIds.length === 0) return new Map();
  const result = await db.query<{ lot_id: string; bucket: CreditBucket }>(
    `SELECT lot_id, bucket FROM credit_bucket_lots WHERE user_id = $1 AND lot_id = ANY($2::text[])`,
    [userId, lotIds],
  );
  return new Map(result.rows.map((row) => [row.lot_id, row.bucket]));
}

export interface ExpiringLot {
  userId: string;
  lotId: string;
  bucket: CreditBucket;
  remaining: number;
  expiresAt: Date;
}

/**
 * Lots of any bucket (plan, pack, free) with credits left that expire in (`from`, `to`]: the lots
 * an expiry warning is due for. Lots already used up, and lots that never expire, are not listed.
 */
export async function expiringLots(
  db: Queryable,
  window: { from: Date; to: Date },
  limit = 1000,
): Promise<ExpiringLot[]> {
  const result = await db.query<{
    user_id: string;
    lot_id: string;
    bucket: CreditBucket;
    remaining: number;
    expires_at: Date;
  }>(
    `SELECT user_id, lot_id, bucket, remaining, expires_at FROM credit_bucket_lots
      WHERE remaining > 0 AND expires_at > $1 AND expires_at <= $2
      ORDER BY expires_at LIMIT $3`,
    [window.from, window.to, limit],
  );
  return result.rows.map((row) => ({
    userId: row.user_id,
    lotId: row.lot_id,
    bucket: row.bucket,
    remaining: row.remaining,
    expiresAt: row.expires_at,
  }));
}
