import type { AdminEventsQuery } from '../../../../gql/graphql';
import { formatUtc } from '../../utils/admin-format';
import { prettyJson } from '../../utils/projection-progress';
import styles from '../admin.module.css';

import ops from './OperationsSection.module.css';

type StoredEvent = AdminEventsQuery['staffEvents']['events'][number];

/** One stored event: its type, stream (a button that opens it), position, time, data and metadata. */
export const EventItem = ({
  event,
  onOpenStream,
}: {
  event: StoredEvent;
  onOpenStream: (stream: string) => void;
}) => (
  <li className={ops.event}>
    <div className={ops.eventHeader}>
      <span className={ops.eventType}>{event.type}</span>
      <button
        type="button"
        className={`${styles.linkButton} ${styles.wrapAnywhere}`}
        aria-label={`Open stream ${event.streamId}`}
        onClick={() => onOpenStream(event.streamId)}
      >
        {event.streamId}
      </button>
      <span className={styles.muted}>version {event.streamVersion}</span>
      <span className={styles.muted}>
        position <span className={styles.mono}>{event.position}</span>
      </span>
      <time className={styles.muted} dateTime={event.occurredAt}>
        {formatUtc(event.occurredAt, { seconds: true })}
      </time>
    </div>
    <div className={ops.json}>
      <div>
        <h3 className={ops.jsonTitle}>Data</h3>
        <pre tabIndex={0}>{prettyJson(event.data)}</pre>
      </div>
      <div>
        <h3 className={ops.jsonTitle}>Metadata</h3>
        <pre tabIndex={0}>{prettyJson(event.metadata)}</pre>
      </div>
    </div>
  </li>
);
