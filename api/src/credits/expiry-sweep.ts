import { creditStreamId, type Ledger } from '@app/ledger';
import type pg from 'pg';

/**
 * Writes CreditsExpired for lots past their expiry. Expired credits are already unusable from the
 * instant of expiry (the ledger checks the time); this makes the history and totals say so.
 */
export async function sweepExpiredCredits(
  db: pg.Pool,
  ledger: Ledger,
  now = new Date(),
): Promise<number> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM credit_lots WHERE remaining > 0 AND expires_at <= $1 LIMIT 500`,
    [now],
  );
  for (const { user_id: userId } of rows) {
    await ledger.credits.handle(
      creditStreamId(userId),
      { type: 'ExpireCredits', data: { userId } },
      {
        now,
        actor: { kind: 'system', id: 'expiry-sweep' },
        reason: 'Credits reached their expiry',
        correlationId: `expiry-${now.toISOString()}`,
        idempotencyKey: `expiry:${userId}:${now.toISOString()}`,
      },
    );
  }
  return rows.length;
}
