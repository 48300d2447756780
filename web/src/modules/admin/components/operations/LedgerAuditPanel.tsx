import { useMutation, useQuery } from '@apollo/client/react';

import { graphql } from '../../../../gql';
import { useToast } from '../../../toast/hooks/useToast';
import { Button } from '../../../ui/components/Button';
import { adminErrorMessage } from '../../utils/admin-errors';
import { formatCount, formatUtc } from '../../utils/admin-format';
import { QueryState } from '../QueryState';
import styles from '../admin.module.css';

const LAST_AUDIT_QUERY = graphql(`
  query AdminLastLedgerAudit {
    lastLedgerAudit {
      id
      finishedAt
      runBy
      eventsRead
      accountsChecked
      subscriptionsChecked
      mismatchCount
      mismatches {
        userId
        field
        expected
        actual
      }
    }
  }
`);

const RUN_AUDIT_MUTATION = graphql(`
  mutation AdminRunLedgerAudit {
    runLedgerAudit {
      id
      finishedAt
      runBy
      eventsRead
      accountsChecked
      subscriptionsChecked
      mismatchCount
      mismatches {
        userId
        field
        expected
        actual
      }
    }
  }
`);

/**
 * The last ledger audit (from the console or `npm run admin -- audit`): every account recomputed
 * from the event log and compared with the read models the product shows.
 */
export const LedgerAuditPanel = () => {
  const { toast } = useToast();
  const { data, loading, error, refetch } = useQuery(LAST_AUDIT_QUERY, {
    fetchPolicy: 'network-only',
  });
  const [runAudit, { loading: running }] = useMutation(RUN_AUDIT_MUTATION);
  const last = data?.lastLedgerAudit ?? null;

  const run = async () => {
    try {
      await runAudit();
      await refetch();
    } catch (failure) {
      toast({
        title: 'The audit did not run',
        description: adminErrorMessage(failure, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="ledger-audit-title">
      <div className={styles.panelHeader}>
        <div>
          <h2 id="ledger-audit-title" className={styles.panelTitle}>
            Ledger audit
          </h2>
          <p className={styles.panelIntro}>
            Recomputes every account (available, held, lifetime totals, lots) and every subscription
            from the event log alone, and compares them with the read models the product shows.
          </p>
        </div>
        <Button size="sm" variant="secondary" busy={running} onClick={() => void run()}>
          Run audit now
        </Button>
      </div>
      <QueryState
        loading={!data && loading}
        loadingText="Loading the last audit…"
        error={error}
        errorText={'The last audit could not be loaded.'}
      />
      {data && !last && <p className={styles.empty}>No audit has been run yet.</p>}
      {last && (
        <p role="status" className={last.mismatchCount ? styles.alert : styles.notice}>
          Last audit {formatUtc(last.finishedAt, { seconds: true })} by {last.runBy}:{' '}
          {formatCount(last.eventsRead)} events, {formatCount(last.accountsChecked)} accounts and{' '}
          {formatCount(last.subscriptionsChecked)} subscriptions checked.{' '}
          {last.mismatchCount === 0
            ? 'The read models match the event log.'
            : `${formatCount(last.mismatchCount)} ${last.mismatchCount === 1 ? 'mismatch' : 'mismatches'} found.`}
        </p>
      )}
      {last && last.mismatches.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Audit mismatches">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">What</th>
                <th scope="col">Event log</th>
                <th scope="col">Read model</th>
              </tr>
            </thead>
            <tbody>
              {last.mismatches.map((mismatch) => (
                <tr key={`${mismatch.userId}-${mismatch.field}`}>
                  <td className={`${styles.mono} ${styles.wrapAnywhere}`}>{mismatch.userId}</td>
                  <td className={`${styles.mono} ${styles.wrapAnywhere}`}>{mismatch.field}</td>
                  <td className={styles.num}>{mismatch.expected}</td>
                  <td className={`${styles.num} ${styles.negative}`}>{mismatch.actual}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
