import { creditBalanceTotalsFill } from '../credit-balances/credit-balances.bulk-fill';
import type { JointBulkFill, TableNames } from '../runtime/projection';
import { BUCKET_OF, LOTS_WITH_SOURCES } from './credit-buckets.bulk-fill';

/**
 * credit_lots (credit_balances) and credit_bucket_lots (credit_buckets) in one statement: the same
 * lots, as first added, with the same adjustments made after them, so the two scans of the log, the
 * JSON they extract and the join of every lot with its adjustments are done once for both tables.
 * Each table keeps the rows its own fill would write (the bulk-fill spec compares them with the
 * batch folds). Both tables get their rows in primary key order, so each lands at the right edge of
 * the key's index instead of a random page of it (less CPU than the sorts cost).
 */
export const creditLotsJointFill = (balances: TableNames, buckets: TableNames) => `
  ${LOTS_WITH_SOURCES},
   lots AS MATERIALIZED (
     SELECT a.user_id, a.lot_id, a.funding, a.amount, a.amount + coalesce(sum(j.delta), 0) AS remaining,
       a.expires_at::timestamptz AS expires_at, a.created_at::timestamptz AS created_at
     FROM added AS a
     LEFT JOIN adjustments AS j
       ON j.user_id = a.user_id AND j.lot_id = a.lot_id AND (j.tx, j.gp) > (a.tx, a.gp)
     GROUP BY a.user_id, a.lot_id, a.funding, a.amount, a.expires_at, a.created_at
     ORDER BY a.user_id, a.lot_id
   ),
   balance_lots AS (
     INSERT INTO ${balances('credit_lots')} (user_id, lot_id, funding, remaining, expires_at, created_at)
     SELECT user_id, lot_id, funding, remaining, expires_at, created_at FROM lots
   )
   INSERT INTO ${buckets('credit_bucket_lots')} (user_id, lot_id, bucket, funding, source, amount,
     remaining, expires_at, created_at)
   SELECT l.user_id, l.lot_id, ${BUCKET_OF.replaceAll('source', 's.source').replaceAll('funding', 'l.funding')},
     l.funding, s.source, l.amount, l.remaining, l.expires_at, l.created_at
   FROM lots AS l
   JOIN sourced AS s ON s.user_id = l.user_id AND s.lot_id = l.lot_id
   ORDER BY l.user_id, l.lot_id`;

/**
 * credit_balances and credit_buckets rebuilt together without credit_history (a new version of
 * those two alone): credit_balances' totals as its own fill writes them, and both lot tables from
 * one statement. With credit_history, creditReadModelsJointBulkFill fills all three instead.
 */
export const creditLotsJointBulkFill: JointBulkFill = {
  projections: ['credit_balances', 'credit_buckets'],
  statements: (tables) => [
    creditBalanceTotalsFill(tables('credit_balances')),
    creditLotsJointFill(tables('credit_balances'), tables('credit_buckets')),
  ],
  statementCosts: [1000, 3100],
};
