import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

export interface SubscriptionStatusRow {
  userId: string;
  status: 'none' | 'incomplete' | 'active' | 'past_due' | 'canceled';
  planId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

interface Row {
  user_id: string;
  status: SubscriptionStatusRow['status'];
  plan_id: string | null;
  customer_id: string | null;
  subscription_id: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
}

const toStatus = (row: Row): SubscriptionStatusRow => ({
  userId: row.user_id,
  status: row.status,
  planId: row.plan_id,
  customerId: row.customer_id,
  subscriptionId: row.subscription_id,
  currentPeriodEnd: row.current_period_end,
  cancelAtPeriodEnd: row.cancel_at_period_end,
});

export async function getSubscriptionStatus(
  db: Queryable,
  userId: string,
): Promise<SubscriptionStatusRow | null> {
  const result = await db.query<Row>('SELECT * FROM subscription_status WHERE user_id = $1', [
    userId,
  ]);
  return result.rows[0] ? toStatus(result.rows[0]) : null;
}
