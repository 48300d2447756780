import { preparedQuery } from '@app/ledger';
import type pg from 'pg';
import type { SubscriptionStatusRow } from '../subscription-status/queries';

type Queryable = Pick<pg.Pool, 'query'>;

export interface AccountSnapshot {
  available: number;
  held: number;
  /** When the soonest open lot expires (the available figure changes then without an event). */
  nextExpiry: Date | null;
  subscription: Pick<
    SubscriptionStatusRow,
    'status' | 'planId' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'
  > | null;
}

export interface AccountSnapshotRow {
  available: string;
  next_expiry: Date | null;
  held: number | null;
  status: SubscriptionStatusRow['status'] | null;
  plan_id: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean | null;
}

export const snapshotOfRow = (row: AccountSnapshotRow): AccountSnapshot => ({
  available: Number(row.available),
  held: row.held ?? 0,
  nextExpiry: row.next_expiry,
  subscription: row.status
    ? {
        status: row.status,
        planId: row.plan_id,
        currentPeriodEnd: row.current_period_end,
        cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
      }
    : null,
});

/** Balance and subscription of one user in a single round trip (the `me` query's hot path). */
export async function getAccountSnapshot(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<AccountSnapshot> {
  const result = await db.query<AccountSnapshotRow>(
    preparedQuery(
      db,
      'account_snapshot',
      `SELECT
       (SELECT coalesce(sum(remaining), 0) FROM credit_lots
         WHERE user_id = $1 AND remaining > 0 AND (expires_at IS NULL OR expires_at > $2)) AS available,
       (SELECT min(expires_at) FROM credit_lots
         WHERE user_id = $1 AND remaining > 0 AND expires_at > $2) AS next_expiry,
       (SELECT held FROM credit_balances WHERE user_id = $1) AS held,
       s.status, s.plan_id, s.current_period_end, s.cancel_at_period_end
     FROM (SELECT 1) AS one LEFT JOIN subscription_status s ON s.user_id = $1`,
      [userId, now],
    ),
  );
  return snapshotOfRow(result.rows[0]!);
}
