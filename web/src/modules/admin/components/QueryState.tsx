import { Spinner } from '../../ui/components/Spinner';
import { adminErrorMessage } from '../utils/admin-errors';

import styles from './admin.module.css';

type QueryStateProps = {
  /** Show the spinner line: nothing to show yet and a request in flight. */
  loading: boolean;
  loadingText: string;
  /** The query's error, shown in words (a staff role that may not see it is said so). */
  error: unknown;
  errorText: string;
};

/** The staff console's loading line and error alert for one query. */
export const QueryState = ({ loading, loadingText, error, errorText }: QueryStateProps) => (
  <>
    {loading && (
      <p className={styles.loading}>
        <Spinner /> {loadingText}
      </p>
    )}
    {!!error && (
      <p className={styles.alert} role="alert">
        {adminErrorMessage(error, errorText)}
      </p>
    )}
  </>
);
