import type { AdminFinanceReportQuery } from '../../../../gql/graphql';
import { formatCount, formatMoney } from '../../utils/admin-format';
import { AdminTable } from '../AdminTable';
import type { AdminColumn } from '../AdminTable';
import styles from '../admin.module.css';

type ReportRow = AdminFinanceReportQuery['financeReport'][number];

const PREPAID_COLUMNS: readonly AdminColumn[] = [
  { label: 'Period' },
  { label: 'Plans', numeric: true },
  { label: 'Packs', numeric: true },
  { label: 'Gifts', numeric: true },
  { label: 'Recognised', numeric: true },
  { label: 'Breakage', numeric: true },
  { label: 'Refunded', numeric: true },
  { label: 'Deferred at end', numeric: true },
  { label: 'Unspent paid credits', numeric: true },
];

const salesOf = (row: ReportRow['prepaid'][number], product: string) =>
  row.sales.find((sale) => sale.product === product)?.amountCents ?? 0;

/**
 * Paid credits as an accountant reads them, per period and currency: money received by product;
 * recognised as credits are spent, breakage when they expire unspent, taken back by refunds; and
 * deferred (paid for, not yet spent) at the period's end.
 */
export const PrepaidTable = ({
  rows,
  label,
}: {
  rows: readonly ReportRow[];
  label: (period: string) => string;
}) => {
  const lines = rows.flatMap((row) => row.prepaid.map((money) => ({ period: row.period, money })));
  if (lines.length === 0) return null;
  return (
    <AdminTable
      label="Prepaid credits table"
      caption="Prepaid credits: revenue by product; deferred until the credits are spent, recognised as they are, breakage when they expire unspent."
      columns={PREPAID_COLUMNS}
    >
      {lines.map(({ period, money }) => (
        <tr key={`${period}|${money.currency}`}>
          <th scope="row" className={styles.nowrap}>
            {label(period)}
          </th>
          {['PLAN', 'PACK', 'GIFT'].map((product) => (
            <td key={product} className={styles.num}>
              {formatMoney(salesOf(money, product), money.currency)}
            </td>
          ))}
          <td className={styles.num}>{formatMoney(money.recognisedCents, money.currency)}</td>
          <td className={styles.num}>{formatMoney(money.breakageCents, money.currency)}</td>
          <td className={styles.num}>{formatMoney(money.refundedCents, money.currency)}</td>
          <td className={styles.num}>{formatMoney(money.deferredCents, money.currency)}</td>
          <td className={styles.num}>{formatCount(money.deferredCredits)}</td>
        </tr>
      ))}
    </AdminTable>
  );
};
