import type { AdminProjectionStatusesQuery } from '../../../../gql/graphql';
import { Badge } from '../../../ui/components/Badge';
import { Button } from '../../../ui/components/Button';
import { formatCount } from '../../utils/admin-format';
import { rebuildProgress } from '../../utils/projection-progress';
import { AdminTable } from '../AdminTable';
import type { AdminColumn } from '../AdminTable';
import styles from '../admin.module.css';

import ops from './OperationsSection.module.css';

type Row = AdminProjectionStatusesQuery['projectionStatuses'][number];

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

const PROJECTION_COLUMNS: readonly AdminColumn[] = [
  { label: 'Name' },
  // Second, so a phone shows it (and an abandoned build's line) before the table scrolls sideways.
  { label: 'Status' },
  { label: 'Version', numeric: true },
  { label: 'Schema', numeric: true },
  { label: 'Checkpoint' },
  { label: 'Head' },
  { label: 'Events behind', numeric: true },
  { label: 'Lag (s)', numeric: true },
  { label: 'Last error' },
  { label: <span className="visually-hidden">Actions</span>, key: 'actions' },
];

type ProjectionsTableProps = {
  rows: readonly Row[];
  /** A rebuild of this projection is running or was just started here. */
  busy: (name: string) => boolean;
  outcomes: Readonly<Record<string, 'done' | 'lost'>>;
  onRebuild: (name: string) => void;
};

/**
 * One line per live, building or abandoned version: its position, lag, last error and the rebuild
 * button.
 */
export const ProjectionsTable = ({ rows, busy, outcomes, onRebuild }: ProjectionsTableProps) => (
  <AdminTable label="Projection status" columns={PROJECTION_COLUMNS}>
    {rows.map((row) => {
      const building = row.status === 'building';
      const abandoned = row.status === 'abandoned';
      const rowBusy = busy(row.name);
      return (
        <tr key={`${row.name}-${row.version}`}>
          <th scope="row" className={styles.nowrap}>
            {row.name}
          </th>
          <td className={ops.statusCell}>
            <Badge tone={building ? 'warning' : abandoned ? 'danger' : 'success'}>
              {building
                ? 'Building'
                : abandoned
                  ? 'Abandoned'
                  : row.status === 'live'
                    ? 'Live'
                    : row.status}
            </Badge>
            {building && <Progress row={row} />}
            {abandoned && (
              <div className={`${styles.small} ${styles.muted}`}>
                Its process is gone; the next rebuild, prune or worker start drops it
              </div>
            )}
            {row.status === 'live' && outcomes[row.name] === 'done' && (
              <div className={`${styles.small} ${styles.positive}`} role="status">
                Rebuilt, now live
              </div>
            )}
            {row.status === 'live' && outcomes[row.name] === 'lost' && (
              <div className={`${styles.small} ${styles.negative}`} role="status">
                The rebuild did not finish; see the last error or the server log
              </div>
            )}
          </td>
          <td className={styles.num}>v{row.version}</td>
          <td className={styles.num}>
            {row.schemaVersion}
            {!row.current && <div className={`${styles.small} ${styles.negative}`}>older code</div>}
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
            {row.status === 'live' && !rowBusy && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Rebuild ${row.name}`}
                onClick={() => onRebuild(row.name)}
              >
                Rebuild
              </Button>
            )}
          </td>
        </tr>
      );
    })}
  </AdminTable>
);
