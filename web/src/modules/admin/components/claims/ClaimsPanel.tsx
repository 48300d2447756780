import { useQuery } from '@apollo/client/react';

import { graphql } from '../../../../gql';
import type { ClaimReason } from '../../../../gql/graphql';
import { creationStyle } from '../../../creations/utils/creation-labels';
import { Spinner } from '../../../ui/components/Spinner';
import { adminErrorMessage } from '../../utils/admin-errors';
import { formatCount } from '../../utils/admin-format';
import styles from '../admin.module.css';

const CLAIMS_QUERY = graphql(`
  query AdminGenerationClaims {
    staffGenerationClaims {
      style
      reason
      claims
      generations
    }
  }
`);

const REASON_LABELS: Readonly<Record<ClaimReason, string>> = {
  DOES_NOT_LOOK_LIKE_ME: 'Doesn’t look like me',
  WRONG_STYLE: 'Wrong style',
  BROKEN_IMAGE: 'Broken image',
  OTHER: 'Other',
};

/** Credits claimed back by style and reason in the last 30 days: a signal for the style prompts. */
export const ClaimsPanel = () => {
  const { data, loading, error } = useQuery(CLAIMS_QUERY, { fetchPolicy: 'network-only' });
  const rows = data?.staffGenerationClaims ?? [];
  return (
    <section className={styles.panel} aria-labelledby="claims-title">
      <div className={styles.panelHeader}>
        <div>
          <h2 id="claims-title" className={styles.panelTitle}>
            Claims by style
          </h2>
          <p className={styles.panelIntro}>
            Results whose owners asked for their credits back in the last 30 days, by style and
            reason, next to the style&apos;s finished images in the same days.
          </p>
        </div>
      </div>
      {loading && !data && <Spinner label="Loading claims" />}
      {error && <p role="alert">{adminErrorMessage(error, 'Claims could not be loaded')}</p>}
      {data && rows.length === 0 && <p>No claims in the last 30 days.</p>}
      {rows.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Claims in the last 30 days</caption>
            <thead>
              <tr>
                <th scope="col">Style</th>
                <th scope="col">Reason</th>
                <th scope="col">Claims</th>
                <th scope="col">Images made</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.style}-${row.reason}`}>
                  <td>{creationStyle(row.style).name}</td>
                  <td>{REASON_LABELS[row.reason]}</td>
                  <td>{formatCount(row.claims)}</td>
                  <td>{formatCount(row.generations)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
