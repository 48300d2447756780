import { creditStreamId, type Ledger } from '@app/ledger';
import { getAccountSnapshot } from '@app/projections';
import type pg from 'pg';
import { isPaidPlan } from '../billing/plans';

export const FREE_MONTHLY_CREDITS = 5;

const monthStart = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
const nextMonthStart = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
const monthKey = (date: Date) => monthStart(date).toISOString().slice(0, 7);

/**
 * The Free plan's promise, "5 credits, 1 generation per month": each month every user without a
 * paid plan gets 5 credits that expire when the month ends (no rollover). The signup bonus covers
 * the month a user joins, so the allowance starts with their first full month.
 */
export class FreeAllowance {
  constructor(
    private readonly db: pg.Pool,
    private readonly ledger: Ledger,
  ) {}

  async grantDue(now = new Date()): Promise<{ granted: number; skipped: number }> {
    const start = monthStart(now);
    const month = monthKey(now);
    let granted = 0;
    let skipped = 0;
    for (;;) {
      const { rows } = await this.db.query<{ id: string }>(
        `SELECT u.id FROM users u
         WHERE u.created_at < $1 AND u.deleted_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM free_allowance_grants g WHERE g.user_id = u.id AND g.month = $1)
         ORDER BY u.id LIMIT 200`,
        [start],
      );
      if (rows.length === 0) return { granted, skipped };
      for (const { id: userId } of rows) {
        const { subscription } = await getAccountSnapshot(this.db, userId, now);
        const paid =
          isPaidPlan(subscription?.planId) &&
          (subscription?.status === 'active' ||
            subscription?.status === 'past_due' ||
            (subscription?.status === 'canceled' &&
              subscription.currentPeriodEnd !== null &&
              subscription.currentPeriodEnd > now));
        if (!paid) {
          await this.ledger.credits.handle(
            creditStreamId(userId),
            {
              type: 'GrantCredits',
              data: {
                userId,
                grantId: `allowance-${userId}-${month}`,
                amount: FREE_MONTHLY_CREDITS,
                source: 'monthly_allowance',
                expiresAt: nextMonthStart(now),
              },
            },
            {
              now,
              actor: { kind: 'system', id: 'free-allowance' },
              reason: `Free plan allowance for ${month}`,
              correlationId: `allowance-${month}`,
              idempotencyKey: `allowance:${userId}:${month}`,
            },
          );
          granted++;
        } else {
          skipped++;
        }
        await this.db.query(
          'INSERT INTO free_allowance_grants (user_id, month) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [userId, start],
        );
      }
    }
  }
}
