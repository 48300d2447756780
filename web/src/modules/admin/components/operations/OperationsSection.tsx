import styles from '../admin.module.css';

import { EventBrowser } from './EventBrowser';
import { LedgerAuditPanel } from './LedgerAuditPanel';
import { OutboxPanel } from './OutboxPanel';
import { ProjectionsPanel } from './ProjectionsPanel';

/** Operators (admin): read model health and rebuilds, the ledger audit, the raw event log, and the mail outbox. */
export const OperationsSection = () => (
  <div className={styles.stack}>
    <ProjectionsPanel />
    <LedgerAuditPanel />
    <EventBrowser />
    <OutboxPanel />
  </div>
);
