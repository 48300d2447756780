import type pg from 'pg';

/** The SQL baseline: the same rows, jsonb fields extracted, into an unindexed credit_history-shaped table. */
export const BASELINE_TABLE_SQL = `
CREATE TABLE bench_history_baseline (
  seq bigint, event_id uuid, user_id text, occurred_at timestamptz, type text, delta int, held_delta int,
  balance_after int, held_after int, paid_amount int, free_amount int, reference text, plan_id text,
  amount_paid_cents int, currency text, actor_kind text, actor_id text, reason text, correlation_id text,
  position_commit bigint, position_prepare bigint)`;

export const BASELINE_INSERT_SQL = `
INSERT INTO bench_history_baseline
SELECT global_position, event_id, data->>'userId', (metadata->>'occurredAt')::timestamptz, type,
  CASE type WHEN 'CreditsGranted' THEN (data->>'amount')::int WHEN 'CreditsPurchased' THEN (data->>'amount')::int
    WHEN 'CreditsRefunded' THEN (data->>'amount')::int WHEN 'CreditsSpent' THEN -(data->>'amount')::int
    WHEN 'CreditsExpired' THEN -(data->>'amount')::int WHEN 'CreditsRevoked' THEN -(data->>'amount')::int ELSE 0 END,
  CASE type WHEN 'CreditsReserved' THEN (data->>'amount')::int WHEN 'CreditsSpent' THEN -(data->>'amount')::int
    WHEN 'CreditsReleased' THEN -(data->>'amount')::int ELSE 0 END,
  0, 0,
  CASE WHEN data->>'funding' = 'paid' OR type = 'CreditsPurchased' THEN (data->>'amount')::int ELSE 0 END,
  CASE WHEN data->>'funding' = 'free' OR type = 'CreditsGranted' THEN (data->>'amount')::int ELSE 0 END,
  coalesce(data->>'grantId', data->>'invoiceId', data->>'generationId', data->>'reservationId', data->>'lotId'),
  data->>'planId', (data->>'amountPaidCents')::int, data->>'currency',
  metadata->'actor'->>'kind', metadata->'actor'->>'id', metadata->>'reason', metadata->>'correlationId',
  transaction_id::text::bigint, global_position
FROM events`;

/** Runs the baseline once into a fresh table, dropped after; its wall time in ms. */
export async function timeBaselineInsert(pool: pg.Pool): Promise<number> {
  await pool.query(BASELINE_TABLE_SQL);
  try {
    const started = performance.now();
    await pool.query(BASELINE_INSERT_SQL);
    return performance.now() - started;
  } finally {
    await pool.query('DROP TABLE bench_history_baseline');
  }
}
