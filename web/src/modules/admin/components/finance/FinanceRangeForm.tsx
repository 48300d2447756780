import { useState } from 'react';

import { Button, buttonClassName } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { IconDownload } from '../../../ui/icons/icons';
import { reportVariables } from '../../utils/finance-range';
import type { Granularity, ReportRange } from '../../utils/finance-range';
import styles from '../admin.module.css';

/** The staff CSV export of the same range and granularity. */
export const financeCsvHref = (
  { from, to }: { from: string; to: string },
  granularity: Granularity,
): string =>
  `/api/staff/finance-report.csv?${new URLSearchParams({
    from,
    to,
    granularity: granularity === 'MONTH' ? 'month' : 'day',
  }).toString()}`;

type FinanceRangeFormProps = {
  initial: ReportRange;
  /** Called with a range that passed the checks. */
  onApply: (range: ReportRange) => void;
  busy: boolean;
  /** The CSV of the applied range, or null while it is invalid. */
  csvHref: string | null;
};

/** The report's dates and granularity, applied on "Show report"; a wrong range says why. */
export const FinanceRangeForm = ({ initial, onApply, busy, csvHref }: FinanceRangeFormProps) => {
  const [draft, setDraft] = useState<ReportRange>(initial);
  const [formError, setFormError] = useState<string | null>(null);

  return (
    <>
      <form
        className={styles.toolbar}
        aria-label="Report range"
        onSubmit={(event) => {
          event.preventDefault();
          const check = reportVariables(draft);
          setFormError(check.ok ? null : check.error);
          if (check.ok) onApply(draft);
        }}
      >
        <label className={styles.field}>
          <span className={styles.fieldLabel}>From (UTC)</span>
          <input
            className={styles.control}
            type="date"
            required
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>To (UTC, inclusive)</span>
          <input
            className={styles.control}
            type="date"
            required
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Per</span>
          <select
            className={styles.control}
            value={draft.granularity}
            onChange={(event) =>
              setDraft({ ...draft, granularity: event.target.value as Granularity })
            }
          >
            <option value="DAY">Day</option>
            <option value="MONTH">Month</option>
          </select>
        </label>
        <Button type="submit" size="sm">
          Show report
        </Button>
        {busy && <Spinner label="Refreshing the report" />}
        {csvHref && (
          <a
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            href={csvHref}
            download
          >
            <IconDownload size={16} aria-hidden="true" />
            Download CSV
          </a>
        )}
      </form>
      {formError && (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      )}
    </>
  );
};
