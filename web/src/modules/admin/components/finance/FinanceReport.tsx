import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';

import { graphql } from '../../../../gql';
import { defaultReportRange, fillPeriods, reportVariables } from '../../utils/finance-range';
import type { ReportRange } from '../../utils/finance-range';
import { QueryState } from '../QueryState';
import styles from '../admin.module.css';

import { FinanceRangeForm, financeCsvHref } from './FinanceRangeForm';
import { FinanceReportTable, periodLabel } from './FinanceReportTable';
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

/** Credits moved per day or month (UTC), paid against free consumption, and revenue per plan. */
export const FinanceReport = () => {
  const id = useId();
  const [applied, setApplied] = useState<ReportRange>(() => defaultReportRange());
  const variables = reportVariables(applied);
  const { data, previousData, loading, error } = useQuery(FINANCE_REPORT_QUERY, {
    variables: variables.ok
      ? { from: variables.from, to: variables.to, granularity: applied.granularity }
      : { from: '', to: '', granularity: applied.granularity },
    skip: !variables.ok,
    fetchPolicy: 'cache-and-network',
  });
  const rows = (data ?? previousData)?.financeReport;
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
      <FinanceRangeForm
        initial={applied}
        onApply={setApplied}
        busy={loading && rows !== undefined}
        csvHref={variables.ok ? financeCsvHref(variables, applied.granularity) : null}
      />
      <QueryState
        loading={!rows && loading}
        loadingText="Loading the report…"
        error={error}
        errorText={'The report could not be loaded.'}
      />
      {rows && <MovementsChart rows={chartRows} granularity={applied.granularity} />}
      {rows && rows.length === 0 && <p className={styles.empty}>No credits moved in this range.</p>}
      {rows && rows.length > 0 && <FinanceReportTable rows={rows} range={applied} />}
      {rows && <PrepaidTable rows={rows} label={periodLabel(applied.granularity)} />}
    </section>
  );
};
