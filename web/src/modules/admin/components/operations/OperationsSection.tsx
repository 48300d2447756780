import styles from '../admin.module.css';

import { EventBrowser } from './EventBrowser';
import { LedgerAuditPanel } from './LedgerAuditPanel';
import { ProjectionsPanel } from './ProjectionsPanel';

/** Operators (admin): read model health and rebuilds, the ledger audit, and the raw event log. */
export const OperationsSection = () => (
  <div className={styles.stack}>
    <ProjectionsPanel />
    <LedgerAuditPanel />
    <EventBrowser />
  </div>
);
