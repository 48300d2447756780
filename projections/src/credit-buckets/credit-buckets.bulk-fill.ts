import { LOT_ADJUSTMENTS } from '../credit-balances/credit-balances.bulk-fill';
import { BULK_EVENTS_WHERE } from '../runtime/bulk-fill';
import type { TableNames } from '../runtime/projection';

// credit_bucket_lots folded in Postgres (bucketChangesOf and resolveInheritedBuckets, as SQL): each
// lot as first added, a refunded paid lot with the source of the lot its credits came from (when
// that lot was added before it), and every adjustment made after the lot was added.

/** creditBucketOf (ledger/src/credits/credit-buckets.ts) as SQL; the spec compares both. */
const BUCKET_OF = `CASE WHEN source IN ('pack', 'gift') THEN 'pack'
  WHEN source IN ('plan', 'monthly_allowance') OR starts_with(source, 'invoice:') THEN 'plan'
  WHEN funding = 'paid' THEN 'plan' ELSE 'free' END`;

export const creditBucketsBulkFill = (table: TableNames) => [
  `WITH RECURSIVE added AS (
     SELECT DISTINCT ON (user_id, lot_id) * FROM (
       SELECT data->>'userId' AS user_id,
         CASE type WHEN 'CreditsGranted' THEN data->>'grantId' ELSE data->>'purchaseId' END AS lot_id,
         CASE type WHEN 'CreditsGranted' THEN 'free' ELSE 'paid' END AS funding,
         CASE type WHEN 'CreditsGranted' THEN data->>'source' ELSE coalesce(data->>'product', 'plan') END AS source,
         (data->>'amount')::int AS amount, data->>'expiresAt' AS expires_at,
         metadata->>'occurredAt' AS created_at, NULL AS inherit_from,
         transaction_id AS tx, global_position AS gp
       FROM events WHERE ${BULK_EVENTS_WHERE} AND type IN ('CreditsGranted', 'CreditsPurchased')
       UNION ALL
       SELECT data->>'userId', lot->>'lotId', lot->>'funding', 'refund', (lot->>'amount')::int,
         lot->>'expiresAt', metadata->>'occurredAt',
         CASE WHEN lot->>'funding' = 'paid' AND starts_with(lot->>'lotId', (data->>'refundId') || ':')
           THEN substr(lot->>'lotId', length(data->>'refundId') + 2) END,
         transaction_id, global_position
       FROM events, jsonb_array_elements(data->'lots') AS lot
       WHERE ${BULK_EVENTS_WHERE} AND type = 'CreditsRefunded'
     ) AS a
     ORDER BY user_id, lot_id, tx, gp
   ),
   sourced AS (
     SELECT a.user_id, a.lot_id, a.source, a.tx, a.gp FROM added AS a
     WHERE a.inherit_from IS NULL OR NOT EXISTS (
       SELECT 1 FROM added AS o
       WHERE o.user_id = a.user_id AND o.lot_id = a.inherit_from AND (o.tx, o.gp) < (a.tx, a.gp))
     UNION ALL
     SELECT a.user_id, a.lot_id, o.source, a.tx, a.gp FROM sourced AS o
     JOIN added AS a ON a.user_id = o.user_id AND a.inherit_from = o.lot_id AND (o.tx, o.gp) < (a.tx, a.gp)
   ),
   adjustments AS (${LOT_ADJUSTMENTS})
   INSERT INTO ${table('credit_bucket_lots')} (user_id, lot_id, bucket, funding, source, amount,
     remaining, expires_at, created_at)
   SELECT a.user_id, a.lot_id, ${BUCKET_OF.replaceAll('source', 's.source').replaceAll('funding', 'a.funding')},
     a.funding, s.source, a.amount, a.amount + coalesce(sum(j.delta), 0),
     a.expires_at::timestamptz, a.created_at::timestamptz
   FROM added AS a
   JOIN sourced AS s ON s.user_id = a.user_id AND s.lot_id = a.lot_id
   LEFT JOIN adjustments AS j
     ON j.user_id = a.user_id AND j.lot_id = a.lot_id AND (j.tx, j.gp) > (a.tx, a.gp)
   GROUP BY a.user_id, a.lot_id, a.funding, s.source, a.amount, a.expires_at, a.created_at`,
];
