import { lotEventCtes } from '../credit-balances/credit-balances.bulk-fill';
import { creditTypeCodes } from '../runtime/type-codes';
import type { TableNames } from '../runtime/projection';

// credit_bucket_lots folded in Postgres (bucketChangesOf and resolveInheritedBuckets, as SQL): each
// lot as first added, a refunded paid lot with the source of the lot its credits came from (when
// that lot was added before it), and every adjustment made after the lot was added.

/** creditBucketOf (ledger/src/credits/credit-buckets.ts) as SQL; the spec compares both. */
export const BUCKET_OF = `CASE WHEN source IN ('pack', 'gift') THEN 'pack'
  WHEN source IN ('plan', 'monthly_allowance') OR starts_with(source, 'invoice:') THEN 'plan'
  WHEN funding = 'paid' THEN 'plan' ELSE 'free' END`;

const { code } = creditTypeCodes;

/**
 * The columns a lot's bucket comes from (lotEvents' added columns): the source its event names,
 * and for a refunded paid lot the lot its credits came from (`<refundId>:<that lot>`), whose
 * source it inherits.
 */
export const INHERITED_SOURCE = `,
  CASE c WHEN ${code('CreditsGranted')} THEN data->>'source'
    WHEN ${code('CreditsPurchased')} THEN coalesce(data->>'product', 'plan')
    WHEN ${code('CreditsRefunded')} THEN 'refund' END AS source,
  CASE WHEN c = ${code('CreditsRefunded')} AND item->>'funding' = 'paid'
      AND starts_with(item->>'lotId', (data->>'refundId') || ':')
    THEN substr(item->>'lotId', length(data->>'refundId') + 2) END AS inherit_from`;

/**
 * The lots as first added (`added`), each with its own or inherited source (`sourced`), and every
 * adjustment (`adjustments`): the common head of this fill and the joint one with credit_lots.
 */
export const LOTS_WITH_SOURCES = `WITH RECURSIVE ${lotEventCtes(INHERITED_SOURCE)},
   linked AS (
     SELECT a.*, o.lot_id AS origin_id FROM added AS a
     LEFT JOIN added AS o
       ON o.user_id = a.user_id AND o.lot_id = a.inherit_from AND (o.tx, o.gp) < (a.tx, a.gp)
   ),
   sourced AS (
     SELECT user_id, lot_id, source FROM linked WHERE origin_id IS NULL
     UNION ALL
     SELECT l.user_id, l.lot_id, o.source FROM sourced AS o
     JOIN linked AS l ON l.user_id = o.user_id AND l.origin_id = o.lot_id
   )`;

/** credit_bucket_lots in primary key order, as credit_lots (credit-balances.bulk-fill.ts). */
export const creditBucketsBulkFill = (table: TableNames) => [
  `${LOTS_WITH_SOURCES}
   INSERT INTO ${table('credit_bucket_lots')} (user_id, lot_id, bucket, funding, source, amount,
     remaining, expires_at, created_at)
   SELECT a.user_id, a.lot_id, ${BUCKET_OF.replaceAll('source', 's.source').replaceAll('funding', 'a.funding')},
     a.funding, s.source, a.amount, a.amount + coalesce(sum(j.delta), 0),
     a.expires_at::timestamptz, a.created_at::timestamptz
   FROM added AS a
   JOIN sourced AS s ON s.user_id = a.user_id AND s.lot_id = a.lot_id
   LEFT JOIN adjustments AS j
     ON j.user_id = a.user_id AND j.lot_id = a.lot_id AND (j.tx, j.gp) > (a.tx, a.gp)
   GROUP BY a.user_id, a.lot_id, a.funding, s.source, a.amount, a.expires_at, a.created_at
   ORDER BY a.user_id, a.lot_id`,
];
