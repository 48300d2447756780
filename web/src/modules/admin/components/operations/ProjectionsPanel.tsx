import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState } from 'react';

import { graphql } from '../../../../gql';
import { useToast } from '../../../toast/hooks/useToast';
import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { adminErrorMessage } from '../../utils/admin-errors';
import { isBuilding, liveVersion, rebuildState } from '../../utils/projection-progress';
import type { RebuildWatch } from '../../utils/projection-progress';
import { Dialog, dialogActionsClassName } from '../../../ui/components/Dialog';
import { QueryState } from '../QueryState';
import styles from '../admin.module.css';

import { ProjectionsTable } from './ProjectionsTable';

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

const POLL_MS = 1000;

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
        <ProjectionsTable
          rows={rows}
          busy={(name) => isBuilding(rows, name) || name in watching}
          outcomes={outcomes}
          onRebuild={setConfirming}
        />
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
