import { useQuery } from '@apollo/client/react';
import { useState } from 'react';

import { graphql } from '../../../../gql';
import { buttonClassName, Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { IconDownload } from '../../../ui/icons/icons';
import {
  EMPTY_LEDGER_FILTER,
  ledgerCsvUrl,
  ledgerFilterError,
  toLedgerFilterInput,
} from '../../utils/ledger-filter';
import type { LedgerFilterState } from '../../utils/ledger-filter';
import { QueryState } from '../QueryState';
import styles from '../admin.module.css';

import { LedgerFilters } from './LedgerFilters';
import { LedgerTable } from './LedgerTable';

const LEDGER_QUERY = graphql(`
  query AdminLedger($filter: LedgerFilterInput, $first: Int, $before: String) {
    staffLedger(filter: $filter, first: $first, before: $before) {
      entries {
        seq
        eventId
        occurredAt
        userId
        type
        delta
        heldDelta
        balanceAfter
        heldAfter
        paidAmount
        freeAmount
        reference
        planId
        amountPaidCents
        currency
        actorKind
        actorId
        reason
      }
      nextCursor
    }
  }
`);

export const LEDGER_PAGE_SIZE = 50;

type LedgerViewProps = {
  title: string;
  intro: string;
  viewerId: string;
  /** One user's history (support and finance); without it, every user's (finance only). */
  userId?: string;
  onOpenUser?: (userId: string) => void;
};

/**
 * A filtered ledger view, newest first, one page at a time: "Older" passes the page's
 * `nextCursor` as `before` (keyset), so page 2,000 of 100,000 entries is as fast as page 1.
 * "Download CSV" streams the same view from the server.
 */
export const LedgerView = ({ title, intro, viewerId, userId, onOpenUser }: LedgerViewProps) => {
  const headingId = `ledger-${userId ?? 'all'}-title`;
  const [draft, setDraft] = useState<LedgerFilterState>(EMPTY_LEDGER_FILTER);
  const [applied, setApplied] = useState<LedgerFilterState>(EMPTY_LEDGER_FILTER);
  const [filterError, setFilterError] = useState<string | null>(null);
  /** Cursors of the pages opened so far: [null] is the newest page. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const view: LedgerFilterState = userId ? { ...applied, userId } : applied;
  const before = cursors[cursors.length - 1] ?? null;

  const { data, previousData, loading, error } = useQuery(LEDGER_QUERY, {
    variables: { filter: toLedgerFilterInput(view), first: LEDGER_PAGE_SIZE, before },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.staffLedger;
  const pageNumber = cursors.length;

  const apply = (next: LedgerFilterState) => {
    const problem = ledgerFilterError(next);
    setFilterError(problem);
    if (problem) return;
    setApplied(next);
    setCursors([null]);
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <div>
          <h2 id={headingId} className={styles.panelTitle}>
            {title}
          </h2>
          <p className={styles.panelIntro}>{intro}</p>
        </div>
        <a
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          href={ledgerCsvUrl(view)}
          download
        >
          <IconDownload size={16} aria-hidden="true" />
          Download CSV
        </a>
      </div>
      <LedgerFilters
        value={draft}
        onChange={setDraft}
        onApply={() => apply(draft)}
        onReset={() => {
          setDraft(EMPTY_LEDGER_FILTER);
          apply(EMPTY_LEDGER_FILTER);
        }}
        showUserFilter={!userId}
        error={filterError}
      />

      <QueryState
        loading={!page && loading}
        loadingText="Loading the credit history…"
        error={error}
        errorText={'The credit history could not be loaded.'}
      />
      {page && page.entries.length === 0 && (
        <p className={styles.empty}>No ledger entries match these filters.</p>
      )}
      {page && page.entries.length > 0 && (
        <LedgerTable
          entries={page.entries}
          caption={`${title}, page ${pageNumber}, newest first (times in UTC)`}
          showUser={!userId}
          viewerId={viewerId}
          onOpenUser={onOpenUser}
        />
      )}
      {page && (pageNumber > 1 || page.nextCursor) && (
        <nav className={styles.pager} aria-label={`${title} pages`}>
          <Button
            size="sm"
            variant="secondary"
            disabled={pageNumber <= 1 || loading}
            onClick={() => setCursors((stack) => stack.slice(0, -1))}
          >
            Newer
          </Button>
          <span className={styles.pagerInfo} aria-live="polite">
            Page {pageNumber}
            {loading && <Spinner label="Loading" />}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={!page.nextCursor || loading}
            onClick={() => {
              const next = page.nextCursor;
              if (next) setCursors((stack) => [...stack, next]);
            }}
          >
            Older
          </Button>
        </nav>
      )}
    </section>
  );
};
