import styles from '../admin.module.css';

import { EventBrowser } from './EventBrowser';
import { ProjectionsPanel } from './ProjectionsPanel';

/** Operators (admin): read model health and rebuilds, and the raw event log. */
export const OperationsSection = () => (
  <div className={styles.stack}>
    <ProjectionsPanel />
    <EventBrowser />
  </div>
);
