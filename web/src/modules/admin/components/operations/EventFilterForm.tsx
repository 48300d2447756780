import { Button } from '../../../ui/components/Button';
import styles from '../admin.module.css';

/** Which events to show: a stream and a version in it, or $all and a position. */
export type Browse = { stream: string; after: string };

const PAGE_SIZES = [20, 50, 100] as const;

type EventFilterFormProps = {
  draft: Browse;
  onDraftChange: (draft: Browse) => void;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  /** The draft, trimmed, to open as the first page. */
  onSubmit: (browse: Browse) => void;
};

/** The event browser's form: stream (empty: $all), where to start, and the page size. */
export const EventFilterForm = ({
  draft,
  onDraftChange,
  pageSize,
  onPageSizeChange,
  onSubmit,
}: EventFilterFormProps) => (
  <form
    className={styles.toolbar}
    aria-label="Choose events"
    onSubmit={(event) => {
      event.preventDefault();
      onSubmit({ stream: draft.stream.trim(), after: draft.after.trim() });
    }}
  >
    <label className={`${styles.field} ${styles.grow}`}>
      <span className={styles.fieldLabel}>Stream (empty: $all)</span>
      <input
        className={styles.control}
        value={draft.stream}
        spellCheck={false}
        autoComplete="off"
        placeholder="$all"
        onChange={(event) => onDraftChange({ ...draft, stream: event.target.value })}
      />
    </label>
    <label className={styles.field}>
      <span className={styles.fieldLabel}>
        {draft.stream.trim() ? 'From version' : 'After position'}
      </span>
      <input
        className={styles.control}
        value={draft.after}
        spellCheck={false}
        autoComplete="off"
        placeholder={draft.stream.trim() ? '0' : 'start'}
        onChange={(event) => onDraftChange({ ...draft, after: event.target.value })}
      />
    </label>
    <label className={styles.field}>
      <span className={styles.fieldLabel}>Per page</span>
      <select
        className={styles.control}
        value={pageSize}
        onChange={(event) => onPageSizeChange(Number(event.target.value))}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
    <Button type="submit" size="sm">
      Show events
    </Button>
  </form>
);
