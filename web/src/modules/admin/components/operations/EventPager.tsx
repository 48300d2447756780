import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import styles from '../admin.module.css';

type EventPagerProps = {
  pageNumber: number;
  loading: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

/** Previous and Next through the event log's pages (there is no previous on the first). */
export const EventPager = ({
  pageNumber,
  loading,
  hasNext,
  onPrevious,
  onNext,
}: EventPagerProps) => (
  <nav className={styles.pager} aria-label="Event pages">
    <Button
      size="sm"
      variant="secondary"
      disabled={pageNumber <= 1 || loading}
      onClick={onPrevious}
    >
      Previous
    </Button>
    <span className={styles.pagerInfo}>
      Page {pageNumber}
      {loading && <Spinner label="Loading" />}
    </span>
    <Button size="sm" variant="secondary" disabled={!hasNext || loading} onClick={onNext}>
      Next
    </Button>
  </nav>
);
