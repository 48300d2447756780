import { useQuery } from '@apollo/client/react';
import { useId, useMemo, useState } from 'react';

import { graphql } from '../../../../gql';
import type { AdminFinanceReportQuery } from '../../../../gql/graphql';
import { Button, buttonClassName } from '../../../ui/components/Button';
import { IconDownload } from '../../../ui/icons/icons';
import { Spinner } from '../../../ui/components/Spinner';
import { adminErrorMessage } from '../../utils/admin-errors';
import {
  formatCount,
  formatMoney,
  formatUtcDay,
  formatUtcMonth,
  humanize,
} from '../../utils/admin-format';
import { defaultReportRange, fillPeriods, reportVariables } from '../../utils/finance-range';
import type { Granularity, ReportRange } from '../../utils/finance-range';
import styles from '../admin.module.css';

import { MovementsChart } from './MovementsChart';
import { PrepaidTable } from './PrepaidTable';
import type { ChartRow } from './MovementsChart';

const FINANCE_REPORT_QUERY = graphql(`
  query AdminFinanceReport($from: DateTime!, $to: DateTime!, $granularity: ReportGranularity!) {
    financeReport(from: $from, to: $to, granularity: $granularity) {
      period
      granted
      purchased
      spent
      refunded
      expired
      revoked
      paidConsumed
      freeConsumed
      revenue {
        product
        planId
        currency
        amountCents
      }
      prepaid {
        currency
        sales {
          product
          amountCents
        }
        recognisedCents
        breakageCents
        refundedCents
        deferredCents
        deferredCredits
      }
    }
  }
`);

type ReportRow = AdminFinanceReportQuery['financeReport'][number];

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

/** Credits moved per day or month (UTC), paid against free consumption, and revenue per plan. */
export const FinanceReport = () => {
  const id = useId();
  const [draft, setDraft] = useState<ReportRange>(() => defaultReportRange());
  const [applied, setApplied] = useState<ReportRange>(draft);
  const [formError, setFormError] = useState<string | null>(null);
  const variables = reportVariables(applied);
  const { data, previousData, loading, error } = useQuery(FINANCE_REPORT_QUERY, {
    variables: variables.ok
      ? { from: variables.from, to: variables.to, granularity: applied.granularity }
      : { from: '', to: '', granularity: applied.granularity },
    skip: !variables.ok,
    fetchPolicy: 'cache-and-network',
  });
  const rows = (data ?? previousData)?.financeReport;
  const columns = useMemo(() => revenueColumns(rows ?? []), [rows]);
  const chartRows: ChartRow[] =
    rows && variables.ok
      ? fillPeriods(
          rows.map(({ period, granted, purchased, spent, expired }) => ({
            period,
            granted,
            purchased,
            spent,
            expired,
          })),
          variables.from,
          variables.to,
          applied.granularity,
          (period) => ({ period, granted: 0, purchased: 0, spent: 0, expired: 0 }),
        )
      : [];
  const label = (period: string) =>
    applied.granularity === 'MONTH' ? formatUtcMonth(period) : formatUtcDay(period);
  const total = (key: (typeof COUNTS)[number][0]) =>
    (rows ?? []).reduce((sum, row) => sum + row[key], 0);

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className={styles.panelTitle}>
          Report
        </h2>
        <p className={styles.panelIntro}>
          Credits granted, purchased, spent, refunded, expired and revoked per period (UTC); of the
          credits spent, how many had been paid for; the money received per plan and pack; and paid
          credits as deferred, recognised and breakage revenue.
        </p>
      </div>
      <form
        className={styles.toolbar}
        aria-label="Report range"
        onSubmit={(event) => {
          event.preventDefault();
          const check = reportVariables(draft);
          setFormError(check.ok ? null : check.error);
          if (check.ok) setApplied(draft);
        }}
      >
        <label className={styles.field}>
          <span className={styles.fieldLabel}>From (UTC)</span>
          <input
            className={styles.control}
            type="date"
            required
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>To (UTC, inclusive)</span>
          <input
            className={styles.control}
            type="date"
            required
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Per</span>
          <select
            className={styles.control}
            value={draft.granularity}
            onChange={(event) =>
              setDraft({ ...draft, granularity: event.target.value as Granularity })
            }
          >
            <option value="DAY">Day</option>
            <option value="MONTH">Month</option>
          </select>
        </label>
        <Button type="submit" size="sm">
          Show report
        </Button>
        {loading && rows && <Spinner label="Refreshing the report" />}
        {variables.ok && (
          <a
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            href={`/api/staff/finance-report.csv?${new URLSearchParams({
              from: variables.from,
              to: variables.to,
              granularity: applied.granularity === 'MONTH' ? 'month' : 'day',
            }).toString()}`}
            download
          >
            <IconDownload size={16} aria-hidden="true" />
            Download CSV
          </a>
        )}
      </form>
      {formError && (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      )}
      {!rows && loading && (
        <p className={styles.loading}>
          <Spinner /> Loading the report…
        </p>
      )}
      {error && (
        <p className={styles.alert} role="alert">
          {adminErrorMessage(error, 'The report could not be loaded.')}
        </p>
      )}
      {rows && <MovementsChart rows={chartRows} granularity={applied.granularity} />}
      {rows && rows.length === 0 && <p className={styles.empty}>No credits moved in this range.</p>}
      {rows && rows.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Report table">
          <table className={styles.table}>
            <caption>
              Per {applied.granularity === 'MONTH' ? 'month' : 'day'}, {applied.from} to{' '}
              {applied.to} (UTC). Periods without movements are left out.
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
      )}
      {rows && <PrepaidTable rows={rows} label={label} />}
    </section>
  );
};
