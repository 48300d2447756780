import { componentLogger, type CreditBucket } from '@app/ledger';
import { EXPIRY_WARNING_LEAD_MS, expiringLots } from '@app/projections';
import type pg from 'pg';
import type { Mailer } from '../mail/mailer';
import { creditsExpiringMail } from '../mail/templates';

/** A claimed warning whose run died before mailing may be taken by another run after this. */
const CLAIM_TIMEOUT_MS = 10 * 60_000;

const log = componentLogger('expiry-warnings');

interface ClaimedWarning {
  user_id: string;
  lot_id: string;
  expires_at: Date;
  remaining: number | null;
  /** Null when the lot has left the read model (then `remaining` is null too). */
  bucket: CreditBucket | null;
  email: string;
  full_name: string | null;
  deleted_at: Date | null;
}

/**
 * Three days before credits expire, one mail per expiring lot: plan credits (a renewal without
 * rollover, or the end of a cancelled plan), packs and gifts (24 months after the purchase) and
 * free credits that carry an expiry. The database decides "one": a warning row per lot (its primary
 * key, inserted with ON CONFLICT DO NOTHING), then each run claims unsent rows with one UPDATE …
 * SKIP LOCKED, so replicas running this at once never mail a lot twice, and a restart finds the
 * rows already finished. A lot used up before its mail goes out is closed without one.
 */
export class ExpiryWarnings {
  constructor(
    private readonly pool: pg.Pool,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  async run(now = new Date()): Promise<{ mailed: number; spent: number }> {
    await this.decide(now);
    const claimed = await this.claim(now);
    let mailed = 0;
    let spent = 0;
    for (const warning of claimed) {
      if (!warning.remaining || warning.remaining <= 0 || warning.deleted_at) {
        await this.finish(warning, 'spent');
        spent++;
        continue;
      }
      try {
        await this.mailer.send({
          ...creditsExpiringMail(
            warning.full_name,
            warning.remaining,
            warning.expires_at,
            `${this.publicUrl}/action-figure`,
            warning.bucket ?? 'plan',
          ),
          to: warning.email,
          userId: warning.user_id,
        });
      } catch (error) {
        // Left claimed: a later run takes it again once the claim has timed out.
        log.error({ err: error, userId: warning.user_id }, 'expiry warning could not be sent');
        continue;
      }
      await this.finish(warning, 'mailed');
      mailed++;
    }
    return { mailed, spent };
  }

  /** A warning row for every lot with credits left that expires within the lead time. */
  private async decide(now: Date) {
    const due = await expiringLots(this.pool, {
      from: now,
      to: new Date(now.getTime() + EXPIRY_WARNING_LEAD_MS),
    });
    if (due.length === 0) return;
    await this.pool.query(
      `INSERT INTO credit_expiry_warnings (user_id, lot_id, credits, expires_at)
       SELECT d.user_id::uuid, d.lot_id, d.credits, d.expires_at
         FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[]) AS d(user_id, lot_id, credits, expires_at)
         JOIN users u ON u.id::text = d.user_id
       ON CONFLICT (user_id, lot_id) DO NOTHING`,
      [
        due.map((lot) => lot.userId),
        due.map((lot) => lot.lotId),
        due.map((lot) => lot.remaining),
        due.map((lot) => lot.expiresAt),
      ],
    );
  }

  /** Takes the open warnings no other run holds, with what is left of each lot now. */
  private async claim(now: Date): Promise<ClaimedWarning[]> {
    const { rows } = await this.pool.query<ClaimedWarning>(
      `WITH taken AS (
         UPDATE credit_expiry_warnings w SET claimed_at = $1
          WHERE (w.user_id, w.lot_id) IN (
            SELECT user_id, lot_id FROM credit_expiry_warnings
             WHERE outcome IS NULL AND (claimed_at IS NULL OR claimed_at < $2)
             ORDER BY created_at LIMIT 200 FOR UPDATE SKIP LOCKED)
            AND w.outcome IS NULL AND (w.claimed_at IS NULL OR w.claimed_at < $2)
          RETURNING w.user_id, w.lot_id, w.expires_at
       )
       SELECT t.user_id, t.lot_id, t.expires_at, u.email, u.full_name, u.deleted_at, l.bucket,
              CASE WHEN t.expires_at > $1 THEN l.remaining ELSE 0 END AS remaining
         FROM taken t
         JOIN users u ON u.id = t.user_id
         LEFT JOIN credit_bucket_lots l ON l.user_id = t.user_id::text AND l.lot_id = t.lot_id`,
      [now, new Date(now.getTime() - CLAIM_TIMEOUT_MS)],
    );
    return rows;
  }

  private async finish(warning: ClaimedWarning, outcome: 'mailed' | 'spent') {
    await this.pool.query(
      `UPDATE credit_expiry_warnings SET outcome = $3, finished_at = now()
        WHERE user_id = $1 AND lot_id = $2`,
      [warning.user_id, warning.lot_id, outcome],
    );
  }
}
