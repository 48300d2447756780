import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';

import { graphql } from '../../../../gql';
import { useToast } from '../../../toast/hooks/useToast';
import { Button } from '../../../ui/components/Button';
import { adminErrorMessage } from '../../utils/admin-errors';
import { isBuilding, liveVersion } from '../../utils/projection-progress';
import { useRebuildWatch } from '../../hooks/useRebuildWatch';
import { Dialog } from '../../../ui/components/Dialog';
import { DialogActions } from '../../../ui/components/DialogActions';
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

/**
 * Every live and building read model with its lag. "Rebuild" starts a blue/green rebuild; while
 * a version is building the table polls every second and shows its progress.
 */
export const ProjectionsPanel = () => {
  const { toast } = useToast();
  const { data, loading, error, refetch } = useQuery(PROJECTION_STATUSES_QUERY, {
    fetchPolicy: 'network-only',
  });
  const [rebuild, { loading: starting }] = useMutation(REBUILD_PROJECTION_MUTATION);
  const [confirming, setConfirming] = useState<string | null>(null);
  const rows = useMemo(() => data?.projectionStatuses ?? [], [data]);
  const { watching, outcomes, watch } = useRebuildWatch({
    rows,
    refetchRows: async () => (await refetch()).data?.projectionStatuses,
  });

  const start = async (name: string) => {
    try {
      await rebuild({ variables: { name } });
      watch(name);
      setConfirming(null);
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
          <DialogActions
            onCancel={() => setConfirming(null)}
            confirmLabel="Start rebuild"
            busy={starting}
            onConfirm={() => void start(confirming)}
          />
        </Dialog>
      )}
    </section>
  );
};
