import { useQuery } from '@apollo/client/react';
import { useState } from 'react';

import { graphql } from '../../../../gql';
import type { ReconciliationIssueKind } from '../../../../gql/graphql';
import { Badge } from '../../../ui/components/Badge';
import { Button } from '../../../ui/components/Button';
import { adminErrorMessage } from '../../utils/admin-errors';
import { formatCount, formatMoney } from '../../utils/admin-format';
import styles from '../admin.module.css';

const RECONCILIATION_QUERY = graphql(`
  query AdminReconciliation {
    financeReconciliation {
      invoicesChecked
      checkoutsChecked
      issues {
        kind
        invoiceId
        userId
        purchases
        amountPaidCents
      }
    }
  }
`);

const ISSUE_LABELS: Readonly<Record<ReconciliationIssueKind, string>> = {
  PAID_INVOICE_WITHOUT_PURCHASE: 'Paid invoice without a purchase',
  PAID_CHECKOUT_WITHOUT_PURCHASE: 'Paid pack checkout without a purchase',
  DUPLICATE_PURCHASE: 'Payment with more than one purchase',
  PURCHASE_WITHOUT_INVOICE: 'Purchase without a payment',
  REFUNDED_GIFT_NOT_VOIDED: 'Gift refunded by the provider but not voided',
  VOIDED_GIFT_NOT_REFUNDED: 'Gift voided but its payment not refunded',
};

type ReconciliationProps = { onOpenUser: (userId: string) => void };

/**
 * Every paid invoice the payment provider lists should have exactly one purchase in the ledger,
 * and every purchase a paid invoice. It asks the provider, so it runs when asked.
 */
export const Reconciliation = ({ onOpenUser }: ReconciliationProps) => {
  const [requested, setRequested] = useState(false);
  const { data, loading, error, refetch } = useQuery(RECONCILIATION_QUERY, {
    skip: !requested,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
  const result = data?.financeReconciliation;

  return (
    <section className={styles.panel} aria-labelledby="reconciliation-title">
      <div className={styles.panelHeader}>
        <div>
          <h2 id="reconciliation-title" className={styles.panelTitle}>
            Reconciliation
          </h2>
          <p className={styles.panelIntro}>
            Checks every paid invoice (plans) and paid checkout (credit packs) at the payment
            provider against the ledger&apos;s purchases: each payment needs exactly one purchase,
            and each purchase a payment.
          </p>
        </div>
        <Button
          size="sm"
          variant="secondary"
          busy={loading}
          onClick={() => (requested ? void refetch() : setRequested(true))}
        >
          {result ? 'Check again' : 'Check now'}
        </Button>
      </div>
      {error && (
        <p className={styles.alert} role="alert">
          {adminErrorMessage(error, 'The reconciliation could not be run.')}
        </p>
      )}
      {result && (
        <p role="status" className={result.issues.length ? styles.alert : styles.notice}>
          {formatCount(result.invoicesChecked)} paid{' '}
          {result.invoicesChecked === 1 ? 'invoice' : 'invoices'} and{' '}
          {formatCount(result.checkoutsChecked)} paid pack{' '}
          {result.checkoutsChecked === 1 ? 'checkout' : 'checkouts'} checked:{' '}
          {result.issues.length === 0
            ? 'every payment has exactly one purchase, and every purchase a payment.'
            : `${result.issues.length} ${result.issues.length === 1 ? 'issue' : 'issues'} to look at.`}
        </p>
      )}
      {result && result.issues.length > 0 && (
        <div
          className={styles.tableWrap}
          tabIndex={0}
          role="region"
          aria-label="Reconciliation issues"
        >
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Issue</th>
                <th scope="col">Invoice</th>
                <th scope="col">User</th>
                <th scope="col" className={styles.num}>
                  Purchases
                </th>
                <th scope="col" className={styles.num}>
                  Amount paid
                </th>
              </tr>
            </thead>
            <tbody>
              {result.issues.map((issue) => (
                <tr key={`${issue.kind}-${issue.invoiceId}`}>
                  <td>
                    <Badge tone={issue.kind === 'PURCHASE_WITHOUT_INVOICE' ? 'warning' : 'danger'}>
                      {ISSUE_LABELS[issue.kind]}
                    </Badge>
                  </td>
                  <td className={`${styles.mono} ${styles.wrapAnywhere}`}>{issue.invoiceId}</td>
                  <td>
                    {issue.userId ? (
                      <button
                        type="button"
                        className={`${styles.linkButton} ${styles.mono} ${styles.truncate}`}
                        title={issue.userId}
                        onClick={() => issue.userId && onOpenUser(issue.userId)}
                      >
                        {issue.userId}
                      </button>
                    ) : (
                      <span className={styles.muted}>Unknown</span>
                    )}
                  </td>
                  <td className={styles.num}>{formatCount(issue.purchases)}</td>
                  <td className={styles.num}>
                    {issue.amountPaidCents === null || issue.amountPaidCents === undefined
                      ? '—'
                      : formatMoney(issue.amountPaidCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
