import {
  creditBalanceTotalsFill,
  insertCreditLots,
} from '../credit-balances/credit-balances.bulk-fill';
import type { JointBulkFill, TableNames } from '../runtime/projection';
import { insertBucketLots, LOTS_WITH_SOURCES } from './credit-buckets.bulk-fill';

/**
 * credit_lots (credit_balances) and credit_bucket_lots (credit_buckets) in one statement: the same
 * lots, as first added, with the same adjustments made after them, so the scan of the log, the
 * JSON it extracts and the sort that sums every lot's adjustments are done once for both tables.
 * Each table keeps the rows its own fill would write (the bulk-fill spec compares them with the
 * batch folds). Both tables get their rows in primary key order, so each lands at the right edge of
 * the key's index instead of a random page of it (less CPU than the sorts cost).
 */
export const creditLotsJointFill = (balances: TableNames, buckets: TableNames) => `
  ${LOTS_WITH_SOURCES},
   balance_lots AS (${insertCreditLots(balances)})
   ${insertBucketLots(buckets)}`;

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
