import { useQuery } from '@apollo/client/react';
import { useState } from 'react';

import { graphql } from '../../../../gql';
import { Badge } from '../../../ui/components/Badge';
import type { BadgeTone } from '../../../ui/components/Badge';
import { Button } from '../../../ui/components/Button';
import { formatUtc, humanize } from '../../utils/admin-format';
import { QueryState } from '../QueryState';
import styles from '../admin.module.css';

import { RefundDialog } from './RefundDialog';
import type { RefundTarget } from './RefundDialog';

const USER_GENERATIONS_QUERY = graphql(`
  query AdminUserGenerations($userId: ID!, $first: Int, $after: String) {
    staffUserGenerations(userId: $userId, first: $first, after: $after) {
      generations {
        refundedCredits
        generation {
          id
          status
          style
          prompt
          errorMessage
          requestedAt
          completedAt
        }
      }
      nextCursor
    }
  }
`);

const PAGE_SIZE = 10;

const STATUS: Readonly<Record<string, { label: string; tone: BadgeTone }>> = {
  SUCCEEDED: { label: 'Succeeded', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'danger' },
  PENDING: { label: 'In progress', tone: 'warning' },
};

type UserGenerationsProps = { userId: string; canRefund: boolean };

/**
 * The user's generations, newest first. Result images are served only to their owner, so
 * staff see the metadata and status. Support can refund a succeeded generation.
 */
export const UserGenerations = ({ userId, canRefund }: UserGenerationsProps) => {
  const { data, loading, error, fetchMore } = useQuery(USER_GENERATIONS_QUERY, {
    variables: { userId, first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const page = data?.staffUserGenerations;

  const showMore = async () => {
    if (!page?.nextCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { userId, first: PAGE_SIZE, after: page.nextCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          staffUserGenerations: {
            ...fetchMoreResult.staffUserGenerations,
            generations: [
              ...(previous?.staffUserGenerations?.generations ?? []),
              ...fetchMoreResult.staffUserGenerations.generations,
            ],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="user-generations-title">
      <div>
        <h2 id="user-generations-title" className={styles.panelTitle}>
          Generations
        </h2>
        <p className={styles.panelIntro}>
          Newest first. Images are shown only to their owner, so here you see what was asked for and
          how it ended.
        </p>
      </div>
      <QueryState
        loading={!page && loading}
        loadingText="Loading generations…"
        error={!page ? error : undefined}
        errorText={'The generations could not be loaded.'}
      />
      {page && page.generations.length === 0 && <p className={styles.empty}>No generations yet.</p>}
      {page && page.generations.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Generations">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">Style</th>
                <th scope="col">Status</th>
                <th scope="col">Prompt</th>
                <th scope="col">Completed</th>
                <th scope="col">Generation id</th>
                {canRefund && (
                  <th scope="col" className={styles.actionCell}>
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {page.generations.map(({ generation, refundedCredits }) => {
                const status = STATUS[generation.status] ?? {
                  label: humanize(generation.status.toLowerCase()),
                  tone: 'neutral' as const,
                };
                return (
                  <tr key={generation.id}>
                    <td className={styles.nowrap}>{formatUtc(generation.requestedAt)}</td>
                    <td className={styles.nowrap}>{humanize(generation.style)}</td>
                    <td>
                      <Badge tone={status.tone}>{status.label}</Badge>
                      {generation.errorMessage && (
                        <div className={`${styles.small} ${styles.negative}`}>
                          {generation.errorMessage}
                        </div>
                      )}
                    </td>
                    <td className={styles.wrapText}>
                      {generation.prompt || <span className={styles.muted}>—</span>}
                    </td>
                    <td className={styles.nowrap}>
                      {generation.completedAt ? formatUtc(generation.completedAt) : '—'}
                    </td>
                    <td>
                      <span className={`${styles.mono} ${styles.truncate}`} title={generation.id}>
                        {generation.id}
                      </span>
                    </td>
                    {canRefund && (
                      <td className={styles.actionCell}>
                        {generation.status === 'SUCCEEDED' && refundedCredits > 0 && (
                          <Badge tone="neutral">Refunded {refundedCredits} credits</Badge>
                        )}
                        {generation.status === 'SUCCEEDED' && refundedCredits === 0 && (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={`Refund the ${humanize(generation.style)} generation of ${formatUtc(generation.requestedAt)}`}
                            onClick={() => setRefunding(generation)}
                          >
                            Refund
                          </Button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {page?.nextCursor && (
        <div className={styles.pager}>
          <Button variant="secondary" size="sm" busy={loadingMore} onClick={() => void showMore()}>
            Show more generations
          </Button>
        </div>
      )}
      {refunding && <RefundDialog generation={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
};
