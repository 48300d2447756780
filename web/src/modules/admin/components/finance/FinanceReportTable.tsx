import { useMemo } from 'react';

import type { AdminFinanceReportQuery } from '../../../../gql/graphql';
import {
  formatCount,
  formatMoney,
  formatUtcDay,
  formatUtcMonth,
  humanize,
} from '../../utils/admin-format';
import type { Granularity, ReportRange } from '../../utils/finance-range';
import styles from '../admin.module.css';

export type ReportRow = AdminFinanceReportQuery['financeReport'][number];

const COUNTS = [
  ['granted', 'Granted'],
  ['purchased', 'Purchased'],
  ['spent', 'Spent'],
  ['refunded', 'Refunded'],
  ['expired', 'Expired'],
  ['revoked', 'Revoked'],
  ['paidConsumed', 'Paid consumed'],
  ['freeConsumed', 'Free consumed'],
] as const;

/** One revenue column per plan and currency that appears in the range. */
const revenueColumns = (rows: readonly ReportRow[]) => {
  const keys = new Map<string, { planId: string; currency: string }>();
  for (const row of rows) {
    for (const revenue of row.revenue) {
      keys.set(`${revenue.planId}|${revenue.currency}`, revenue);
    }
  }
  return [...keys.entries()].map(([key, value]) => ({ key, ...value }));
};

const revenueOf = (row: ReportRow, planId: string, currency: string): number =>
  row.revenue
    .filter((revenue) => revenue.planId === planId && revenue.currency === currency)
    .reduce((sum, revenue) => sum + revenue.amountCents, 0);

/** How a period of the report reads: "March 2026" per month, the day per day (UTC). */
export const periodLabel = (granularity: Granularity) => (period: string) =>
  granularity === 'MONTH' ? formatUtcMonth(period) : formatUtcDay(period);

/** The report's periods with their counts and revenue per plan, and the range's totals. */
export const FinanceReportTable = ({
  rows,
  range: applied,
}: {
  rows: readonly ReportRow[];
  range: ReportRange;
}) => {
  const columns = useMemo(() => revenueColumns(rows), [rows]);
  const label = periodLabel(applied.granularity);
  const total = (key: (typeof COUNTS)[number][0]) => rows.reduce((sum, row) => sum + row[key], 0);
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Report table">
      <table className={styles.table}>
        <caption>
          Per {applied.granularity === 'MONTH' ? 'month' : 'day'}, {applied.from} to {applied.to}{' '}
          (UTC). Periods without movements are left out.
        </caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {COUNTS.map(([key, name]) => (
              <th key={key} scope="col" className={styles.num}>
                {name}
              </th>
            ))}
            {columns.map((column) => (
              <th key={column.key} scope="col" className={styles.num}>
                Revenue {humanize(column.planId)}
                {columns.some((c) => c.currency !== column.currency)
                  ? ` (${column.currency.toUpperCase()})`
                  : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.period}>
              <th scope="row" className={styles.nowrap}>
                {label(row.period)}
              </th>
              {COUNTS.map(([key]) => (
                <td key={key} className={styles.num}>
                  {formatCount(row[key])}
                </td>
              ))}
              {columns.map((column) => (
                <td key={column.key} className={styles.num}>
                  {formatMoney(revenueOf(row, column.planId, column.currency), column.currency)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {COUNTS.map(([key]) => (
              <td key={key} className={styles.num}>
                {formatCount(total(key))}
              </td>
            ))}
            {columns.map((column) => (
              <td key={column.key} className={styles.num}>
                {formatMoney(
                  rows.reduce(
                    (sum, row) => sum + revenueOf(row, column.planId, column.currency),
                    0,
                  ),
                  column.currency,
                )}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
};
