import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';

// credit_balances folded in Postgres (BatchAccumulator in credit-balances.projection.ts, as SQL):
// totals per user, and each lot as first added with every adjustment made after it.

const total = (type: string) => `coalesce(sum(amount) FILTER (WHERE type = '${type}'), 0)`;

/** Credits each event moves in or out of a lot (holds out, releases back, expiries and revocations out). */
export const LOT_ADJUSTMENTS = `
     SELECT data->>'userId' AS user_id, part->>'lotId' AS lot_id,
       CASE type WHEN 'CreditsReserved' THEN -1 ELSE 1 END * (part->>'amount')::int AS delta,
       transaction_id AS tx, global_position AS gp
     FROM events, jsonb_array_elements(data->'allocations') AS part
     WHERE ${BULK_EVENTS_WHERE} AND type IN ('CreditsReserved', 'CreditsReleased')
     UNION ALL
     SELECT data->>'userId', data->>'lotId', -(data->>'amount')::int, transaction_id, global_position
     FROM events WHERE ${BULK_EVENTS_WHERE} AND type IN ('CreditsExpired', 'CreditsRevoked')`;

const SCOPE = `SELECT type, data, metadata, (data->>'amount')::int AS amount
  FROM events WHERE ${BULK_EVENTS_WHERE}`;

export const creditBalancesBulkFill = (table: TableNames) => [
  `INSERT INTO ${table('credit_balances')} (user_id, held, lifetime_granted, lifetime_purchased,
     lifetime_spent, lifetime_refunded, lifetime_expired, lifetime_revoked, updated_at)
   SELECT data->>'userId',
     coalesce(sum(CASE type WHEN 'CreditsReserved' THEN amount
       WHEN 'CreditsSpent' THEN -amount WHEN 'CreditsReleased' THEN -amount END), 0),
     ${total('CreditsGranted')}, ${total('CreditsPurchased')}, ${total('CreditsSpent')},
     ${total('CreditsRefunded')}, ${total('CreditsExpired')}, ${total('CreditsRevoked')},
     max((metadata->>'occurredAt')::timestamptz)
   FROM (${SCOPE}) AS e
   GROUP BY data->>'userId'`,
  `WITH added AS (
     SELECT DISTINCT ON (user_id, lot_id) * FROM (
       SELECT data->>'userId' AS user_id,
         CASE type WHEN 'CreditsGranted' THEN data->>'grantId' ELSE data->>'purchaseId' END AS lot_id,
         CASE type WHEN 'CreditsGranted' THEN 'free' ELSE 'paid' END AS funding,
         (data->>'amount')::int AS amount, data->>'expiresAt' AS expires_at,
         metadata->>'occurredAt' AS created_at, transaction_id AS tx, global_position AS gp
       FROM events WHERE ${BULK_EVENTS_WHERE} AND type IN ('CreditsGranted', 'CreditsPurchased')
       UNION ALL
       SELECT data->>'userId', lot->>'lotId', lot->>'funding', (lot->>'amount')::int,
         lot->>'expiresAt', metadata->>'occurredAt', transaction_id, global_position
       FROM events, jsonb_array_elements(data->'lots') AS lot
       WHERE ${BULK_EVENTS_WHERE} AND type = 'CreditsRefunded'
     ) AS a
     ORDER BY user_id, lot_id, tx, gp
   ),
   adjustments AS (${LOT_ADJUSTMENTS})
   INSERT INTO ${table('credit_lots')} (user_id, lot_id, funding, remaining, expires_at, created_at)
   SELECT a.user_id, a.lot_id, a.funding, a.amount + coalesce(sum(j.delta), 0),
     a.expires_at::timestamptz, a.created_at::timestamptz
   FROM added AS a
   LEFT JOIN adjustments AS j
     ON j.user_id = a.user_id AND j.lot_id = a.lot_id AND (j.tx, j.gp) > (a.tx, a.gp)
   GROUP BY a.user_id, a.lot_id, a.funding, a.amount, a.expires_at, a.created_at`,
];
