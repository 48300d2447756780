import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState } from 'react';

import { graphql } from '../../../../gql';
import type { AdminProjectionStatusesQuery } from '../../../../gql/graphql';
import { useToast } from '../../../toast/hooks/useToast';
import { Badge } from '../../../ui/components/Badge';
import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { adminErrorMessage } from '../../utils/admin-errors';
import { formatCount } from '../../utils/admin-format';
import {
  isBuilding,
  liveVersion,
  rebuildProgress,
  rebuildState,
} from '../../utils/projection-progress';
import type { RebuildWatch } from '../../utils/projection-progress';
import { Dialog, dialogActionsClassName } from '../../../ui/components/Dialog';
import { QueryState } from '../QueryState';
import styles from '../admin.module.css';

import ops from './OperationsSection.module.css';

const PROJECTION_STATUSES_QUERY = graphql(`
  query AdminProjectionStatuses {
    projectionStatuses {
      name
      version
      schemaVersion
      current
      status
      checkpoint
      head
      eventsBehind
      secondsBehind
      eventsApplied
      buildTarget
      lastError
    }
  }
`);

const REBUILD_PROJECTION_MUTATION = graphql(`
  mutation AdminRebuildProjection($name: String!) {
    rebuildProjection(name: $name)
  }
`);

type Row = AdminProjectionStatusesQuery['projectionStatuses'][number];

const POLL_MS = 1000;

const Progress = ({ row }: { row: Row }) => {
  const progress = rebuildProgress(row);
  const label = `Rebuild of ${row.name} v${row.version}`;
  return (
    <div className={ops.progress}>
      <progress
        className={ops.bar}
        aria-label={label}
        value={progress === null ? undefined : row.eventsApplied}
        max={row.buildTarget ?? undefined}
      />
      <span className={`${styles.small} ${styles.muted}`}>
        {progress === null
          ? `${formatCount(row.eventsApplied)} events applied`
          : `${formatCount(row.eventsApplied)} of ${formatCount(row.buildTarget ?? 0)} events (${Math.floor(progress * 100)}%)`}
      </span>
    </div>
  );
};

/**
 * Every live and building read model with its lag. "Rebuild" starts a blue/green rebuild; while
 * a version is building the table polls every second and shows its progress.
 */
export const ProjectionsPanel = () => {
  const { toast } = useToast();
  const { data, loading, error, startPolling, stopPolling, refetch } = useQuery(
    PROJECTION_STATUSES_QUERY,
    { fetchPolicy: 'network-only' },
  );
  const [rebuild, { loading: starting }] = useMutation(REBUILD_PROJECTION_MUTATION);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [watching, setWatching] = useState<Record<string, RebuildWatch>>({});
  const [outcomes, setOutcomes] = useState<Record<string, 'done' | 'lost'>>({});
  const rows = useMemo(() => data?.projectionStatuses ?? [], [data]);
  const polling = isBuilding(rows) || Object.keys(watching).length > 0;

  useEffect(() => {
    if (polling) startPolling(POLL_MS);
    else stopPolling();
    return () => stopPolling();
  }, [polling, startPolling, stopPolling]);

  useEffect(() => {
    const now = Date.now();
    for (const [name, watch] of Object.entries(watching)) {
      const state = rebuildState(rows, name, watch, now);
      if (state !== 'done' && state !== 'lost') continue;
      setWatching(({ [name]: _finished, ...rest }) => rest);
      setOutcomes((current) => ({ ...current, [name]: state }));
      if (state === 'done') {
        toast({
          title: 'Rebuild finished',
          description: `${name} v${liveVersion(rows, name)} is live.`,
        });
      }
    }
    // Runs on each poll's answer.
  }, [data, rows, watching, toast]);

  const start = async (name: string) => {
    try {
      await rebuild({ variables: { name } });
      setWatching((current) => ({
        ...current,
        [name]: { fromVersion: liveVersion(rows, name), startedAt: Date.now() },
      }));
      setOutcomes(({ [name]: _old, ...rest }) => rest);
      setConfirming(null);
      void refetch();
    } catch (failure) {
      setConfirming(null);
      toast({
        title: 'The rebuild did not start',
        description: adminErrorMessage(failure, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="projections-title">
      <div className={styles.panelHeader}>
        <div>
          <h2 id="projections-title" className={styles.panelTitle}>
            Projections
          </h2>
          <p className={styles.panelIntro}>
            Read models built from the event log. A rebuild fills the next version from the start of
            the log while the current one keeps serving, then swaps it in.
          </p>
        </div>
        <Button size="sm" variant="secondary" disabled={loading} onClick={() => void refetch()}>
          Refresh
        </Button>
      </div>
      <QueryState
        loading={!data && loading}
        loadingText="Loading projection status…"
        error={error}
        errorText={'The projection status could not be loaded.'}
      />
      {data && rows.length === 0 && <p className={styles.empty}>No projections are registered.</p>}
      {rows.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Projection status">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className={styles.num}>
                  Version
                </th>
                <th scope="col" className={styles.num}>
                  Schema
                </th>
                <th scope="col">Status</th>
                <th scope="col">Checkpoint</th>
                <th scope="col">Head</th>
                <th scope="col" className={styles.num}>
                  Events behind
                </th>
                <th scope="col" className={styles.num}>
                  Lag (s)
                </th>
                <th scope="col">Last error</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const building = row.status === 'building';
                const busy = isBuilding(rows, row.name) || row.name in watching;
                return (
                  <tr key={`${row.name}-${row.version}`}>
                    <th scope="row" className={styles.nowrap}>
                      {row.name}
                    </th>
                    <td className={styles.num}>v{row.version}</td>
                    <td className={styles.num}>
                      {row.schemaVersion}
                      {!row.current && (
                        <div className={`${styles.small} ${styles.negative}`}>older code</div>
                      )}
                    </td>
                    <td className={ops.statusCell}>
                      <Badge tone={building ? 'warning' : 'success'}>
                        {building ? 'Building' : row.status === 'live' ? 'Live' : row.status}
                      </Badge>
                      {building && <Progress row={row} />}
                      {!building && outcomes[row.name] === 'done' && (
                        <div className={`${styles.small} ${styles.positive}`} role="status">
                          Rebuilt, now live
                        </div>
                      )}
                      {!building && outcomes[row.name] === 'lost' && (
                        <div className={`${styles.small} ${styles.negative}`} role="status">
                          The rebuild did not finish; see the last error or the server log
                        </div>
                      )}
                    </td>
                    <td className={`${styles.mono} ${styles.nowrap}`}>{row.checkpoint}</td>
                    <td className={`${styles.mono} ${styles.nowrap}`}>{row.head ?? '—'}</td>
                    <td className={styles.num}>{formatCount(row.eventsBehind)}</td>
                    <td className={styles.num}>{row.secondsBehind.toFixed(1)}</td>
                    <td className={ops.errorCell}>
                      {row.lastError ? (
                        <span className={styles.negative}>{row.lastError}</span>
                      ) : (
                        <span className={styles.muted}>—</span>
                      )}
                    </td>
                    <td>
                      {row.status === 'live' && !busy && (
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Rebuild ${row.name}`}
                          onClick={() => setConfirming(row.name)}
                        >
                          Rebuild
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {confirming && (
        <Dialog
          compact
          title={`Rebuild ${confirming}?`}
          intro={
            <p>
              Version v{(liveVersion(rows, confirming) ?? 0) + 1} is built from the start of the log
              while v{liveVersion(rows, confirming) ?? '?'} keeps serving, then swapped in. It can
              take a while on a long log.
            </p>
          }
          onClose={() => setConfirming(null)}
        >
          <div className={dialogActionsClassName}>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              disabled={starting}
              icon={starting ? <Spinner /> : undefined}
              onClick={() => void start(confirming)}
            >
              Start rebuild
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
};
