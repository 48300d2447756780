import styles from './AppBootFallback.module.css';

/** Shown for the first few milliseconds while the first route's code loads. */
export const AppBootFallback = () => (
  <div className={styles.fallback} aria-busy="true">
    <div className={styles.bar} />
  </div>
);
