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
 * The lots as first added with what remains of them (`added`) and the sources lots inherit
 * (`inherited`: a refunded paid lot takes the source of the lot its credits came from, when that
 * lot was added before it, and that lot may have inherited its own): the common head of this fill
 * and the joint one with credit_lots. A lot not in `inherited` keeps its own source. Only the
 * lots that name an earlier lot are followed (on the 1M-event bench log 10,000 of 90,000).
 */
export const LOTS_WITH_SOURCES = `WITH RECURSIVE ${lotEventCtes(INHERITED_SOURCE)},
   links AS MATERIALIZED (
     SELECT a.user_id, a.lot_id, o.lot_id AS origin_id, o.source AS origin_source FROM added AS a
     JOIN added AS o
       ON o.user_id = a.user_id AND o.lot_id = a.inherit_from AND (o.tx, o.gp) < (a.tx, a.gp)
     WHERE a.inherit_from IS NOT NULL
   ),
   inherited AS (
     SELECT l.user_id, l.lot_id, l.origin_source AS source FROM links AS l
     WHERE NOT EXISTS (SELECT 1 FROM links AS p WHERE p.user_id = l.user_id AND p.lot_id = l.origin_id)
     UNION ALL
     SELECT l.user_id, l.lot_id, i.source FROM inherited AS i
     JOIN links AS l ON l.user_id = i.user_id AND l.origin_id = i.lot_id
   )`;

/** Each lot of `added` with the source its bucket comes from (an inherited NULL stays NULL). */
const LOTS_WITH_THEIR_SOURCES = `
  SELECT a.user_id, a.lot_id, a.funding, a.amount, a.remaining, a.expires_at, a.created_at,
    CASE WHEN i.lot_id IS NULL THEN a.source ELSE i.source END AS source
  FROM added AS a LEFT JOIN inherited AS i ON i.user_id = a.user_id AND i.lot_id = a.lot_id`;

/** credit_bucket_lots in primary key order, as credit_lots (credit-balances.bulk-fill.ts). */
export const insertBucketLots = (table: TableNames) =>
  `INSERT INTO ${table('credit_bucket_lots')} (user_id, lot_id, bucket, funding, source, amount,
     remaining, expires_at, created_at)
   SELECT user_id, lot_id, ${BUCKET_OF}, funding, source, amount, remaining,
     expires_at::timestamptz, created_at::timestamptz
   FROM (${LOTS_WITH_THEIR_SOURCES}) AS l
   ORDER BY user_id, lot_id`;

export const creditBucketsBulkFill = (table: TableNames) => [
  `${LOTS_WITH_SOURCES} ${insertBucketLots(table)}`,
];
