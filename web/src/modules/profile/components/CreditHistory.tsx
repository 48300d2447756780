import { useQuery } from '@apollo/client/react';
import { useState } from 'react';

import { graphql } from '../../../gql';
import type { CreditHistory_CreditMovementFragment } from '../../../gql/graphql';
import { Button } from '../../ui/components/Button';
import { Spinner } from '../../ui/components/Spinner';
import { cx } from '../../ui/utils/cx';
import { formatDateTime } from '../../ui/utils/format-date';
import { formatDelta } from '../utils/credit-movement-labels';

import styles from './CreditHistory.module.css';

export const CREDIT_HISTORY_MOVEMENT_FRAGMENT = graphql(`
  fragment CreditHistory_CreditMovement on CreditMovement {
    id
    label
    inProgress
    delta
    heldDelta
    balanceAfter
    heldAfter
    occurredAt
  }
`);

const CREDIT_HISTORY_QUERY = graphql(`
  query CreditHistory($first: Int, $before: String) {
    myCreditHistory(first: $first, before: $before) {
      movements {
        ...CreditHistory_CreditMovement
      }
      nextCursor
    }
  }
`);

const PAGE_SIZE = 10;

/** The change column: the balance's change, or what a running generation holds. */
const changeOf = (movement: CreditHistory_CreditMovementFragment) => {
  if (movement.inProgress) {
    return { text: `${Math.abs(movement.heldDelta)} on hold`, tone: 'held' } as const;
  }
  return {
    text: formatDelta(movement.delta),
    tone: movement.delta > 0 ? 'up' : movement.delta < 0 ? 'down' : 'held',
  } as const;
};

const MovementRow = ({ movement }: { movement: CreditHistory_CreditMovementFragment }) => {
  const change = changeOf(movement);
  return (
    <li className={styles.row}>
      <div className={styles.what}>
        <p className={styles.label}>{movement.label}</p>
        <p className={styles.when}>
          <time dateTime={movement.occurredAt}>{formatDateTime(movement.occurredAt)}</time>
          {movement.inProgress && ' · generating'}
        </p>
      </div>
      <div className={styles.numbers}>
        <p className={cx(styles.change, styles[change.tone])}>{change.text}</p>
        <p className={styles.balance}>
          Balance {movement.balanceAfter.toLocaleString('en-US')}
          {movement.heldAfter > 0 && (
            <span className={styles.held}> ({movement.heldAfter} on hold)</span>
          )}
        </p>
      </div>
    </li>
  );
};

/** The signed-in user's credit history, one row per generation, with the running balance. */
export const CreditHistory = () => {
  const { data, loading, error, fetchMore } = useQuery(CREDIT_HISTORY_QUERY, {
    variables: { first: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const page = data?.myCreditHistory;

  const showOlder = async () => {
    if (!page?.nextCursor) return;
    setLoadingOlder(true);
    try {
      await fetchMore({
        variables: { first: PAGE_SIZE, before: page.nextCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          myCreditHistory: {
            ...fetchMoreResult.myCreditHistory,
            movements: [
              ...(previous?.myCreditHistory?.movements ?? []),
              ...fetchMoreResult.myCreditHistory.movements,
            ],
          },
        }),
      });
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <section className={styles.history} aria-labelledby="history-title">
      <h2 id="history-title" className={styles.title}>
        Credit history
      </h2>
      <p className={styles.intro}>
        Credits added to and used from your account, newest first, with the balance after each. A
        generation that fails costs nothing and is not listed.
      </p>
      {!page && loading && <Spinner label="Loading credit history" />}
      {!page && error && (
        <p className={styles.empty} role="alert">
          Your credit history could not be loaded. Please refresh the page to try again.
        </p>
      )}
      {page && page.movements.length === 0 && (
        <p className={styles.empty}>No credit movements yet.</p>
      )}
      {page && page.movements.length > 0 && (
        <ol className={styles.list}>
          {page.movements.map((movement) => (
            <MovementRow key={movement.id} movement={movement} />
          ))}
        </ol>
      )}
      {page?.nextCursor && (
        <Button
          variant="secondary"
          size="sm"
          className={styles.more}
          busy={loadingOlder}
          onClick={() => void showOlder()}
        >
          Show older
        </Button>
      )}
    </section>
  );
};
